import { Anchor, Stack, Text } from '@mantine/core';
import { Fragment } from 'react';

const URL_PATTERN = /(https?:\/\/[^\s<>"']+)/g;

/** Links of the HTML part, read with an inert parser (nothing in it runs or loads). */
function linksInHtml(html: string): string[] {
  if (!html) return [];
  const doc = new DOMParser().parseFromString(html, 'text/html');
  return Array.from(doc.querySelectorAll('a[href]'))
    .map((anchor) => anchor.getAttribute('href') ?? '')
    .filter((href) => /^https?:\/\//.test(href));
}

/**
 * A sandbox mail's text with its links as plain same-tab anchors, so a person (or a browser
 * test) can follow a verification or reset link. Links only in the HTML part are listed below.
 */
export function MailBody({ text, html }: { text: string; html: string }) {
  const parts = text.split(URL_PATTERN);
  const textLinks = new Set(text.match(URL_PATTERN) ?? []);
  const extraLinks = [...new Set(linksInHtml(html))].filter((href) => !textLinks.has(href));

  return (
    <Stack gap="xs">
      <Text size="sm" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
        {parts.map((part, index) =>
          index % 2 === 1 ? (
            <Anchor key={index} href={part}>
              {part}
            </Anchor>
          ) : (
            <Fragment key={index}>{part}</Fragment>
          ),
        )}
      </Text>
      {extraLinks.map((href) => (
        <Anchor key={href} href={href} size="sm" style={{ wordBreak: 'break-all' }}>
          {href}
        </Anchor>
      ))}
    </Stack>
  );
}
