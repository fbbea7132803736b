import { ISSUE_TABS, type ProductIssue } from '@circuits/domain';
import { escapeHtml } from '../../lib/escape-html.ts';
import type { MailMessage } from '../../mail/mailer.ts';

/**
 * The issue checker's report of a product as an email: the problems numbered per tab in the
 * product view's order (SPEC §4), tabs without problems left out, and a link to the product.
 */
export function productReportEmail(input: {
  to: string;
  product: { name: string; partNumber: string | null };
  issues: readonly ProductIssue[];
  link: string;
}): MailMessage {
  const { product, issues, link } = input;
  const title = product.partNumber ? `${product.name} (${product.partNumber})` : product.name;
  const tabs = ISSUE_TABS.map((tab) => ({
    tab,
    issues: issues.filter((issue) => issue.tab === tab),
  })).filter((group) => group.issues.length > 0);
  const summary =
    issues.length === 0
      ? 'The issue checker found no problems.'
      : `The issue checker found ${issues.length} problem${issues.length === 1 ? '' : 's'}.`;
  return {
    to: input.to,
    subject: `Circuits issue report: ${title}`,
    text: [
      `Issue report for ${title}`,
      '',
      summary,
      ...tabs.flatMap((group) => [
        '',
        group.tab,
        ...group.issues.map((issue) => `  ${issue.number}. ${issue.text}`),
      ]),
      '',
      `Open the product: ${link}`,
    ].join('\n'),
    html: [
      `<h2>Issue report for ${escapeHtml(title)}</h2>`,
      `<p>${summary}</p>`,
      ...tabs.map(
        (group) =>
          `<h3>${group.tab}</h3>\n<ol>${group.issues
            .map((issue) => `<li value="${issue.number}">${escapeHtml(issue.text)}</li>`)
            .join('')}</ol>`,
      ),
      `<p><a href="${escapeHtml(link)}">Open the product</a></p>`,
    ].join('\n'),
  };
}
