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
  IconAdjustments,
  IconBuildingFactory2,
  IconCalculator,
  IconCpu,
  IconFolders,
  IconListCheck,
  IconListDetails,
  IconShoppingCart,
  IconStack2,
  IconTruck,
  IconUpload,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useSessionToken } from '../../hooks/use-session-token.ts';
import { BoardIllustration } from './board-illustration.tsx';
import classes from './home.module.css';

// What works today, and nothing more: the page must not promise what the product cannot do yet.
const FEATURES: readonly { icon: ReactNode; title: string; text: string }[] = [
  {
    icon: <IconFolders size={22} />,
    title: 'Projects for the whole team',
    text: 'Keep every board of your company in projects and assemblies, marked by colour, with part numbers and covers; hide what is finished, copy or move a board to another project.',
  },
  {
    icon: <IconUpload size={22} />,
    title: 'Upload files as your CAD tool writes them',
    text: 'Drop Gerber and drill files, or one zip of them. The layer of each file is recognised from its name, in the words KiCad, Altium, Eagle, Proteus, EasyEDA and other tools use, and from what it holds.',
  },
  {
    icon: <IconStack2 size={22} />,
    title: 'See the board in the browser',
    text: 'Gerber and Excellon files are drawn top and bottom, as made or layer by layer, with zoom and pan. A board missing its drill file or outline is drawn from what there is and says what is missing; a board without an outline can get a rectangular one.',
  },
  {
    icon: <IconAdjustments size={22} />,
    title: 'Board settings, checked as you go',
    text: 'Layers, thickness, material, finishing, colours and panelization are checked against the manufacturing rules; size and layer count are proposed from the files.',
  },
  {
    icon: <IconListCheck size={22} />,
    title: 'One list of what is still open',
    text: 'A checker numbers every open problem per tab of the board, and sends the list by email to whoever fixes it.',
  },
  {
    icon: <IconListDetails size={22} />,
    title: 'Bill of materials and placements',
    text: 'Import the BOM (CSV, XLSX or XLS, any CAD tool) and the pick-and-place file (KiCad, Altium, Eagle, Allegro, gEDA, JLCPCB): columns, units and sides are shown before saving. Each BOM row is matched to a catalogue part, shown with its stock and price, and confirmed; the parts are drawn on the board, aligned with its copper.',
  },
  {
    icon: <IconCpu size={22} />,
    title: 'A parts catalogue that reads values',
    text: 'Search parts by category, value, package and manufacturer, typing values as engineers write them (4k7 0603 1%, 100n 50V X7R); see stock per location and price breaks. Editors add parts and manufacturers, moderators confirm them.',
  },
  {
    icon: <IconShoppingCart size={22} />,
    title: 'Priced, ordered and paid here',
    text: 'Each board is priced from its settings and files, line by line with the reason for each charge, in USD, CAD and EUR, with your currency first. Put boards in the cart, place an order or a pre-order, pay online or by bank transfer against a proforma invoice, and follow every order to paid.',
  },
  {
    icon: <IconTruck size={22} />,
    title: 'Followed to your door',
    text: 'Our team moves each order through production and shipping with a note you read on its timeline, such as the tracking number; every change they make is kept in an audit log.',
  },
  {
    icon: <IconCalculator size={22} />,
    title: 'An instant quote before signing up',
    text: 'Drop a zip of Gerber and drill files on the instant quote: the board is drawn, measured and checked in your browser and priced in USD, CAD and EUR, with nothing uploaded. Share the quote as a link; order it after logging in or registering.',
  },
  {
    icon: <IconBuildingFactory2 size={22} />,
    title: 'Your company account',
    text: 'Company details, billing and shipping addresses and your own carrier accounts; the currency and tax follow from the country of the company address.',
  },
];

const STEPS = [
  { title: 'Create', text: 'Make a project and a board in it.' },
  { title: 'Upload', text: 'Drop in the Gerber and drill files, or a zip of them.' },
  { title: 'Review', text: 'Look at the rendered board and set its fabrication options.' },
  { title: 'Check', text: 'Fix what the checker lists, or send the list to a colleague.' },
  { title: 'Order', text: 'Put the board in the cart, place the order and pay it.' },
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
                  Printed circuit boards, from design files to a checked board
                </Text>
                <Title order={1} className={classes.heroTitle}>
                  Circuits
                </Title>
                <Text fz="lg" c="gray.7" maw={520}>
                  Circuits is the portal where your company organises its boards: projects and
                  boards, their Gerber and drill files drawn in the browser, their fabrication
                  settings checked against the manufacturing rules, and one list of what is still
                  open.
                </Text>
                <Group gap="sm">
                  {loggedIn ? (
                    <Button component={Link} to="/workspace" size="md">
                      Open your workspace
                    </Button>
                  ) : (
                    <>
                      <Button component={Link} to="/register" size="md">
                        Create an account
                      </Button>
                      <Button component={Link} to="/login" size="md" variant="default">
                        Log in
                      </Button>
                    </>
                  )}
                  <Button component={Link} to="/instantQuote" size="md" variant="light">
                    Instant quote
                  </Button>
                  <Button component={Link} to="/about" size="md" variant="subtle">
                    How it works
                  </Button>
                </Group>
                <Group gap="xs">
                  {['Gerber RS-274X', 'Excellon drill', 'Zip archives'].map((label) => (
                    <Badge key={label} variant="light" color="gray" radius="sm" tt="none">
                      {label}
                    </Badge>
                  ))}
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
          What you can do today
        </Title>
        <Text c="dimmed" mb="xl" maw={640}>
          One place for the boards of a company: no files lost in email, one list of what is still
          open.
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
            How it works
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2, md: 5 }} spacing="lg">
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
