import { Stack, Title } from '@mantine/core';
import { useEffect, type ReactNode } from 'react';

/** The page's one <h1>; also names the browser tab. */
export function ScreenTitle({ children }: { children: string }) {
  useEffect(() => {
    document.title = `${children} | QMGT`;
  }, [children]);
  return (
    <Title order={1} mb="lg">
      {children}
    </Title>
  );
}

/** A screen a later release fills in: its heading and nothing invented. */
export function Screen({ title }: { title: string }) {
  return <ScreenTitle>{title}</ScreenTitle>;
}

/** A titled part of a screen below its <h1>: an <h2> over what it heads. */
export function ScreenSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="sm">
      <Title order={2} size="h4">
        {title}
      </Title>
      {children}
    </Stack>
  );
}
