import {
  Anchor,
  Badge,
  Card,
  Container,
  Group,
  List,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { Link } from 'react-router';

const CAD_TOOLS = [
  'KiCad',
  'Altium',
  'Allegro',
  'OrCAD',
  'Eagle',
  'Fusion 360',
  'PADS',
  'Xpedition',
  'Proteus',
  'EasyEDA',
  'DipTrace',
  'gEDA PCB',
  'pcb-rnd',
  'Fritzing',
  'Target 3001!',
  'Zuken',
];

export function AboutView() {
  return (
    <Container size="md" py={{ base: 'xl', sm: 48 }}>
      <Stack gap="xl">
        <Stack gap="xs">
          <Title order={1} fz={{ base: 28, sm: 34 }}>
            About Circuits
          </Title>
          <Text fz="lg" c="gray.7">
            Circuits is a customer portal for printed circuit boards. Today it keeps the projects
            and boards of a company, draws each board from its Gerber and drill files, checks its
            fabrication settings, prices it, and takes and bills its orders. It is built for the
            engineers who design boards and the people who buy them, working together in one company
            account.
          </Text>
        </Stack>

        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          <Card padding="lg">
            <Title order={2} fz={18} mb="sm">
              What you can do
            </Title>
            <List spacing={6} size="sm">
              <List.Item>
                Get an instant quote without an account: drop a board's files and see it drawn,
                measured and priced in the browser, share the quote as a link, and order it after
                logging in (the files are uploaded only then)
              </List.Item>
              <List.Item>Organise boards in projects and assemblies</List.Item>
              <List.Item>Upload Gerber and drill files, or a zip of them</List.Item>
              <List.Item>See the board rendered, top and bottom, layer by layer</List.Item>
              <List.Item>Set the fabrication options, checked as you type</List.Item>
              <List.Item>Draw an outline for a board that has none</List.Item>
              <List.Item>
                Import the bill of materials and the pick-and-place file, match the BOM to the parts
                catalogue, confirm it, and see the parts on the board
              </List.Item>
              <List.Item>List the open issues of a board and send them by email</List.Item>
              <List.Item>
                Search the parts catalogue by value, package and manufacturer, with stock per
                location and price breaks
              </List.Item>
              <List.Item>
                See a board's price, line by line with the reason for each charge, in USD, CAD and
                EUR
              </List.Item>
              <List.Item>
                Keep boards in a cart; pre-orders and cart templates in the browser
              </List.Item>
              <List.Item>Place orders and pre-orders from the cart</List.Item>
              <List.Item>Pay online, or by bank transfer against a proforma invoice</List.Item>
              <List.Item>Download order confirmations and proforma invoices as PDF</List.Item>
            </List>
          </Card>
          <Card padding="lg">
            <Title order={2} fz={18} mb="sm">
              Your company account
            </Title>
            <Text size="sm" c="dimmed" mb="sm">
              The members of a company work on the same projects: editors change them, read-only
              members see them. In the company cabinet you keep the company details, billing and
              shipping addresses, your own carrier accounts and the company currency.
            </Text>
            <Text size="sm" c="dimmed">
              The data of a company is visible only to its members and to the Circuits
              administrators and moderators.
            </Text>
            <Text size="sm" c="dimmed" mt="sm">
              Circuits administrators manage users, companies, the status of orders and the price
              book in the admin panel, which moderators see read-only; every change made there is
              kept in an audit log with who made it and what it was before.
            </Text>
          </Card>
        </SimpleGrid>

        <Card padding="lg">
          <Title order={2} fz={18} mb="xs">
            Files from the tools you already use
          </Title>
          <Text size="sm" c="dimmed" mb="md">
            Layer types and sides are recognised from the file names each tool writes, read word by
            word in any case and in several languages, and from what the files hold (X2 attributes,
            layer names in their headers, pads only, a closed outline), so most uploads need no
            manual sorting. Read-me, report and netlist files stay off the board; BOM and
            pick-and-place files are kept with it and read into its bill of materials and
            placements.
          </Text>
          <Group gap="xs">
            {CAD_TOOLS.map((tool) => (
              <Badge key={tool} variant="light" radius="sm" tt="none" size="lg">
                {tool}
              </Badge>
            ))}
          </Group>
        </Card>

        <Text size="sm" c="dimmed">
          Ready to start?{' '}
          <Anchor component={Link} to="/register">
            Create an account
          </Anchor>{' '}
          or{' '}
          <Anchor component={Link} to="/login">
            log in
          </Anchor>
          .
        </Text>
      </Stack>
    </Container>
  );
}
