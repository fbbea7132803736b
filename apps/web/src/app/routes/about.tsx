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
import { NOT_AVAILABLE_YET } from './not-available-yet.ts';

const CAD_TOOLS = ['KiCad', 'Altium', 'Allegro', 'Eagle', 'gEDA PCB', 'OrCAD', 'DipTrace'];

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
            and boards of a company, draws each board from its Gerber and drill files and checks its
            fabrication settings. It is built for the engineers who design boards and the people who
            buy them, working together in one company account.
          </Text>
        </Stack>

        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          <Card padding="lg">
            <Title order={2} fz={18} mb="sm">
              What you can do
            </Title>
            <List spacing={6} size="sm">
              <List.Item>Organise boards in projects and assemblies</List.Item>
              <List.Item>Upload Gerber and drill files, or a zip of them</List.Item>
              <List.Item>See the board rendered, top and bottom, layer by layer</List.Item>
              <List.Item>Set the fabrication options, checked as you type</List.Item>
              <List.Item>Draw an outline for a board that has none</List.Item>
              <List.Item>List the open issues of a board and send them by email</List.Item>
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
          </Card>
        </SimpleGrid>

        <Card padding="lg">
          <Title order={2} fz={18} mb="xs">
            Files from the tools you already use
          </Title>
          <Text size="sm" c="dimmed" mb="md">
            Layer types and sides are recognised from the file names each tool writes, so most
            uploads need no manual sorting. BOM and pick-and-place files are kept with the board.
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
          Not available yet: {NOT_AVAILABLE_YET}.
        </Text>

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
