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

const CAD_TOOLS = ['KiCad', 'Altium', 'Allegro', 'Eagle', 'gEDA PCB', 'OrCAD', 'DipTrace'];

export function AboutView() {
  return (
    <Container size="md" py={48}>
      <Stack gap="xl">
        <Stack gap="xs">
          <Title order={1} fz={34}>
            About Circuits
          </Title>
          <Text fz="lg" c="gray.7">
            Circuits is a customer portal for ordering printed circuit boards. It is built for the
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
              <List.Item>Organise boards in projects and assemblies</List.Item>
              <List.Item>Upload Gerber, drill, BOM and pick-and-place files</List.Item>
              <List.Item>See the board rendered, top and bottom</List.Item>
              <List.Item>Set and validate fabrication options</List.Item>
              <List.Item>Match the BOM and placements to catalogue parts</List.Item>
              <List.Item>Price in USD, CAD or EUR, order and pay online</List.Item>
            </List>
          </Card>
          <Card padding="lg">
            <Title order={2} fz={18} mb="sm">
              Your company account
            </Title>
            <Text size="sm" c="dimmed" mb="sm">
              Everyone you invite works on the same projects. In the company cabinet you keep the
              company details, billing and shipping addresses, your own carrier accounts and the
              currency you are quoted in.
            </Text>
            <Text size="sm" c="dimmed">
              Data of one company is only ever visible to its members.
            </Text>
          </Card>
        </SimpleGrid>

        <Card padding="lg">
          <Title order={2} fz={18} mb="xs">
            Files from the tools you already use
          </Title>
          <Text size="sm" c="dimmed" mb="md">
            Layer types and sides are recognised from the file names each tool writes, so most
            uploads need no manual sorting.
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
