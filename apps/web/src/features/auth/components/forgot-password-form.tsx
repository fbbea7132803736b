import { Anchor, Button, Group, Stack, Text, TextInput, ThemeIcon } from '@mantine/core';
import { IconMailForward } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { FormError } from '../../../components/form-error.tsx';
import { useLazyContractForm } from '../../../hooks/use-lazy-contract-form.ts';
import { registerField } from '../../../lib/form-fields.ts';
import { useForgotPassword } from '../api/auth-api.ts';
import { loadForgotPasswordSchema } from '../lib/form-schemas.ts';

/** "60 minutes" → "1 hour": how long the mailed link works. */
function linkLifetime(minutes: number): string {
  if (minutes % 60 === 0) {
    const hours = minutes / 60;
    return `${hours} hour${hours === 1 ? '' : 's'}`;
  }
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

interface SentLink {
  email: string;
  validMinutes: number;
}

/** Asks for a link that sets a new password; says the same whether the email is known or not. */
export function ForgotPasswordForm({ initialEmail }: { initialEmail: string }) {
  const forgot = useForgotPassword();
  const [sent, setSent] = useState<SentLink | null>(null);
  const { form, submit } = useLazyContractForm(loadForgotPasswordSchema, {
    defaultValues: { email: initialEmail },
    onSubmit: async (values) => {
      const { validMinutes } = await forgot.mutateAsync(values);
      setSent({ email: values.email, validMinutes });
    },
  });
  const { errors, isSubmitting } = form.formState;

  if (sent) {
    return (
      <Stack gap="lg">
        <Group gap="md" wrap="nowrap" align="flex-start">
          <ThemeIcon size={44} radius="xl" variant="light">
            <IconMailForward size={24} />
          </ThemeIcon>
          <Text size="sm" role="status">
            If an account uses{' '}
            <Text span fw={650} style={{ overflowWrap: 'anywhere' }}>
              {sent.email}
            </Text>
            , we have sent it a link to set a new password. The link works once, for{' '}
            {linkLifetime(sent.validMinutes)}.
          </Text>
        </Group>
        <Button component={Link} to="/login" state={{ email: sent.email }} fullWidth>
          Back to log in
        </Button>
        <Text size="xs" c="dimmed">
          No email after a few minutes? Check the spam folder, or{' '}
          <Anchor component="button" type="button" size="xs" onClick={() => setSent(null)}>
            ask for another link
          </Anchor>
          .
        </Text>
      </Stack>
    );
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <FormError message={errors.root?.server?.message} />
        <TextInput
          label="Email"
          type="email"
          autoComplete="email"
          autoFocus
          required
          {...registerField(form, 'email')}
        />
        <Button type="submit" fullWidth loading={isSubmitting}>
          Send me a link
        </Button>
      </Stack>
    </form>
  );
}
