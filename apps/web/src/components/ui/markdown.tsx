import { Anchor, Code, List, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/*
 * A small markdown subset rendered as React elements, never as HTML: whatever an author
 * writes (a <script>, an onerror attribute) is shown as text. Headings (#, ##, ###),
 * paragraphs, "-" or "*" lists, **bold**, _italic_ or *italic*, `code` and [links](https://...)
 * to http(s) or same-site paths only.
 */

const INLINE = /(\*\*[^*]+\*\*|`[^`]+`|\[[^\]]+\]\([^)\s]+\)|_[^_]+_|\*[^*]+\*)/g;

const SAME_SITE = 'https://same-site.invalid';

/** Only web links and paths of this site: `javascript:` and the like stay text. */
export function safeHref(href: string): string | null {
  if (/^https?:\/\//i.test(href)) return href;
  if (!href.startsWith('/')) return null;
  // A browser reads "\" as "/" and drops tabs and line breaks in a URL, so "//host", "/\host"
  // and "/<tab>/host" all lead to another site: the path must resolve, as a browser resolves
  // it, to this one.
  try {
    return new URL(href, SAME_SITE).origin === SAME_SITE ? href : null;
  } catch {
    return null;
  }
}

function inline(text: string, key: string): ReactNode[] {
  return text.split(INLINE).map((part, i) => {
    const k = `${key}-${i}`;
    if (part.startsWith('**') && part.endsWith('**') && part.length > 4)
      return <strong key={k}>{part.slice(2, -2)}</strong>;
    if (part.startsWith('`') && part.endsWith('`') && part.length > 2) return <Code key={k}>{part.slice(1, -1)}</Code>;
    const link = /^\[([^\]]+)\]\(([^)\s]+)\)$/.exec(part);
    if (link) {
      const href = safeHref(link[2]!);
      if (!href) return part;
      const external = href.startsWith('http');
      return (
        <Anchor key={k} href={href} {...(external ? { target: '_blank', rel: 'noopener noreferrer nofollow' } : {})}>
          {link[1]}
        </Anchor>
      );
    }
    if ((part.startsWith('_') && part.endsWith('_')) || (part.startsWith('*') && part.endsWith('*')))
      if (part.length > 2) return <em key={k}>{part.slice(1, -1)}</em>;
    return part;
  });
}

export function Markdown({ source }: { source: string }) {
  const blocks: ReactNode[] = [];
  const lines = source.replace(/\r\n?/g, '\n').split('\n');
  let paragraph: string[] = [];
  let list: string[] = [];
  const flush = () => {
    if (paragraph.length) {
      const key = `p${blocks.length}`;
      blocks.push(
        <Text key={key} mb="sm">
          {inline(paragraph.join(' '), key)}
        </Text>,
      );
      paragraph = [];
    }
    if (list.length) {
      const key = `l${blocks.length}`;
      blocks.push(
        <List key={key} mb="sm" withPadding>
          {list.map((item, i) => (
            <List.Item key={`${key}-${i}`}>{inline(item, `${key}-${i}`)}</List.Item>
          ))}
        </List>,
      );
      list = [];
    }
  };
  for (const line of lines) {
    const heading = /^(#{1,3})\s+(.*)$/.exec(line);
    const item = /^\s*[-*]\s+(.*)$/.exec(line);
    if (heading) {
      flush();
      const key = `h${blocks.length}`;
      blocks.push(
        <Title key={key} order={(heading[1]!.length + 2) as 3 | 4 | 5} mt="sm" mb="xs">
          {inline(heading[2]!, key)}
        </Title>,
      );
    } else if (item) {
      if (paragraph.length) flush();
      list.push(item[1]!);
    } else if (line.trim() === '') flush();
    else {
      if (list.length) flush();
      paragraph.push(line.trim());
    }
  }
  flush();
  return <div>{blocks}</div>;
}
