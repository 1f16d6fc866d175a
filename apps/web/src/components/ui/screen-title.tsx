import { Title } from '@mantine/core';
import { useEffect } from 'react';

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
