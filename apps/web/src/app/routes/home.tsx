import {
  Badge,
  Box,
  Button,
  Card,
  Container,
  Grid,
  Group,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import {
  IconCpu,
  IconCreditCard,
  IconCurrencyDollar,
  IconFolders,
  IconListCheck,
  IconStack2,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useSessionToken } from '../../hooks/use-session-token.ts';
import { BoardIllustration } from './board-illustration.tsx';
import classes from './home.module.css';

const FEATURES: readonly { icon: ReactNode; title: string; text: string }[] = [
  {
    icon: <IconFolders size={22} />,
    title: 'Projects for the whole team',
    text: 'Keep every board of your company in projects and assemblies, with its files, notes and order history in one place.',
  },
  {
    icon: <IconStack2 size={22} />,
    title: 'See the board you are ordering',
    text: 'Gerber and Excellon drill files are rendered top and bottom in the browser, with package outlines and reference labels.',
  },
  {
    icon: <IconListCheck size={22} />,
    title: 'Checked before it is made',
    text: 'Board settings and files are validated as you go, and a checker lists every open problem per tab before you order.',
  },
  {
    icon: <IconCpu size={22} />,
    title: 'BOM and placements',
    text: 'Match your bill of materials and pick-and-place data against a parts catalogue with live stock, locations and prices.',
  },
  {
    icon: <IconCurrencyDollar size={22} />,
    title: 'Prices in USD, CAD and EUR',
    text: 'Price boards by quantity and material in your company currency, with tax worked out from your company address.',
  },
  {
    icon: <IconCreditCard size={22} />,
    title: 'Order and pay online',
    text: 'Turn the cart into an order or a pre-order, pay online, and follow every order and document from your account.',
  },
];

const STEPS = [
  { title: 'Upload', text: 'Drop in Gerber, drill, BOM and pick-and-place files.' },
  { title: 'Check', text: 'Review the rendered board and fix what the checker finds.' },
  { title: 'Price', text: 'Choose quantity and material and compare currencies.' },
  { title: 'Order', text: 'Place the order and pay; we take it from there.' },
];

export function HomeView() {
  const loggedIn = useSessionToken() !== null;
  return (
    <Box>
      <Box className={classes.hero}>
        <Container size="lg" py={56}>
          <Grid gap={48} align="center">
            <Grid.Col span={{ base: 12, md: 6 }}>
              <Stack gap="lg">
                <Text className={classes.eyebrow} c="brand.8" fw={700} fz="xs">
                  Printed circuit boards, from files to finished boards
                </Text>
                <Title order={1} className={classes.heroTitle}>
                  Circuits
                </Title>
                <Text fz="lg" c="gray.7" maw={520}>
                  Circuits is the portal where your company organises its boards, checks the
                  manufacturing files, manages the bill of materials and placements against a live
                  parts catalogue, prices each board and orders it.
                </Text>
                <Group gap="sm">
                  {loggedIn ? (
                    <Button component={Link} to="/workspace" size="md">
                      Open your workspace
                    </Button>
                  ) : (
                    <>
                      <Button component={Link} to="/register" size="md">
                        Create a free account
                      </Button>
                      <Button component={Link} to="/login" size="md" variant="default">
                        Log in
                      </Button>
                    </>
                  )}
                  <Button component={Link} to="/about" size="md" variant="subtle">
                    How it works
                  </Button>
                </Group>
                <Group gap="xs">
                  {['Gerber RS-274X', 'Excellon drill', 'BOM CSV / XLSX', 'Pick & place'].map(
                    (label) => (
                      <Badge key={label} variant="light" color="gray" radius="sm" tt="none">
                        {label}
                      </Badge>
                    ),
                  )}
                </Group>
              </Stack>
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 6 }}>
              <BoardIllustration />
            </Grid.Col>
          </Grid>
        </Container>
      </Box>

      <Container size="lg" py={48}>
        <Title order={2} fz={26} mb={6}>
          Everything between the design and the delivery
        </Title>
        <Text c="dimmed" mb="xl" maw={640}>
          One place for engineers and buyers: no spreadsheets passed around, no files lost in email.
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
          {FEATURES.map((feature) => (
            <Card key={feature.title} padding="lg" shadow="xs">
              <ThemeIcon size={42} radius="md" variant="light" mb="md">
                {feature.icon}
              </ThemeIcon>
              <Text fw={650} mb={6}>
                {feature.title}
              </Text>
              <Text size="sm" c="dimmed" lh={1.55}>
                {feature.text}
              </Text>
            </Card>
          ))}
        </SimpleGrid>
      </Container>

      <Box bg="white" style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}>
        <Container size="lg" py={44}>
          <Title order={2} fz={22} mb="lg">
            How an order goes
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="lg">
            {STEPS.map((step, index) => (
              <Group key={step.title} align="flex-start" wrap="nowrap" gap="sm">
                <span className={classes.stepNumber}>{index + 1}</span>
                <div>
                  <Text fw={650}>{step.title}</Text>
                  <Text size="sm" c="dimmed">
                    {step.text}
                  </Text>
                </div>
              </Group>
            ))}
          </SimpleGrid>
        </Container>
      </Box>
    </Box>
  );
}
