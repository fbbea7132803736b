import { ISSUE_TABS, type IssueTab, type ProductIssue } from '@circuits/domain';
import {
  Badge,
  Button,
  Card,
  Collapse,
  Group,
  List,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import {
  IconAlertTriangle,
  IconChevronDown,
  IconChevronUp,
  IconCircleCheck,
  IconMail,
} from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import classes from './product-issues-panel.module.css';

interface ProductIssuesPanelProps {
  issues: readonly ProductIssue[];
  /** The address the report goes to unless the user types another. */
  defaultEmail: string;
  onSendReport: (email: string) => Promise<unknown>;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * SPEC §4 issue checker on the product page: what still stops the board from being made, numbered
 * per tab, and the report of it sent by email.
 */
export function ProductIssuesPanel({
  issues,
  defaultEmail,
  onSendReport,
}: ProductIssuesPanelProps) {
  const [opened, { toggle }] = useDisclosure(false);
  const [reporting, report] = useDisclosure(false);
  const byTab = ISSUE_TABS.map((tab) => ({
    tab,
    issues: issues.filter((issue) => issue.tab === tab),
  })).filter((group) => group.issues.length > 0);

  return (
    <Card padding="sm" mb="md" component="section" aria-label="Issues">
      <Group justify="space-between" gap="sm">
        <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
          <ThemeIcon
            variant="light"
            color={issues.length > 0 ? 'yellow' : 'teal'}
            size="md"
            radius="md"
          >
            {issues.length > 0 ? <IconAlertTriangle size={16} /> : <IconCircleCheck size={16} />}
          </ThemeIcon>
          <Title order={2} fz="sm" fw={650} style={{ whiteSpace: 'nowrap' }}>
            {issues.length === 0
              ? 'No issues'
              : `${issues.length} ${issues.length === 1 ? 'issue' : 'issues'} to check`}
          </Title>
          <Group gap={6} wrap="nowrap" visibleFrom="sm">
            {byTab.map((group) => (
              <Badge key={group.tab} variant="light" color="gray" radius="sm" tt="none">
                {group.tab} {group.issues.length}
              </Badge>
            ))}
          </Group>
        </Group>
        <Group gap="xs" wrap="nowrap">
          <Button
            size="xs"
            variant="light"
            leftSection={<IconMail size={14} />}
            onClick={report.toggle}
            aria-expanded={reporting}
          >
            Send report
          </Button>
          {issues.length > 0 ? (
            <Button
              size="xs"
              variant="subtle"
              color="gray"
              onClick={toggle}
              aria-expanded={opened}
              rightSection={opened ? <IconChevronUp size={14} /> : <IconChevronDown size={14} />}
            >
              {opened ? 'Hide' : 'Show'}
            </Button>
          ) : null}
        </Group>
      </Group>
      {reporting ? (
        <SendReportForm defaultEmail={defaultEmail} onSend={onSendReport} onClose={report.close} />
      ) : null}
      <Collapse expanded={opened}>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg" mt="sm" pt="sm">
          {byTab.map((group) => (
            <IssueGroup key={group.tab} tab={group.tab} issues={group.issues} />
          ))}
        </SimpleGrid>
      </Collapse>
    </Card>
  );
}

function IssueGroup({ tab, issues }: { tab: IssueTab; issues: readonly ProductIssue[] }) {
  return (
    <Stack gap={4} aria-label={`${tab} issues`} role="group">
      <Text size="sm" fw={650}>
        {tab}
      </Text>
      <List type="ordered" size="sm" spacing={2}>
        {issues.map((issue) => (
          <List.Item key={issue.number} value={issue.number}>
            {issue.text}
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}

/**
 * The report form opens inside the panel, between its heading and the issue list, so the list
 * it sends stays in view (a popover covered it).
 */
function SendReportForm({
  defaultEmail,
  onSend,
  onClose,
}: {
  defaultEmail: string;
  onSend: (email: string) => Promise<unknown>;
  onClose: () => void;
}) {
  const [email, setEmail] = useState(defaultEmail);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const send = async (event: FormEvent) => {
    event.preventDefault();
    const address = email.trim();
    if (!EMAIL.test(address)) {
      setError('Enter a valid email address');
      return;
    }
    setError(null);
    setSending(true);
    try {
      await onSend(address);
      onClose();
    } catch {
      // The API client has said why in a toast; the form stays open to try again.
    } finally {
      setSending(false);
    }
  };
  return (
    <form onSubmit={send} noValidate aria-label="Send report" className={classes.reportForm}>
      <Text size="sm" mb={6}>
        Send the list of issues by email to you or another member of the company:
      </Text>
      <Group align="flex-start" gap="xs">
        <TextInput
          aria-label="Email"
          type="email"
          size="xs"
          value={email}
          onChange={(event) => setEmail(event.currentTarget.value)}
          error={error}
          autoFocus
          style={{ flex: '1 1 14rem', maxWidth: '24rem' }}
        />
        <Group gap="xs" wrap="nowrap">
          <Button size="xs" type="submit" loading={sending}>
            Send
          </Button>
          <Button size="xs" variant="default" onClick={onClose} disabled={sending}>
            Cancel
          </Button>
        </Group>
      </Group>
    </form>
  );
}
