import { Anchor, type AnchorProps } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** A page of this site (the built-in explorer of the local chain) rather than another host. */
export const isInAppUrl = (url: string) => url.startsWith('/') && !url.startsWith('//');

type ExplorerLinkProps = AnchorProps & {
  /** `/explorer/tx/0x...` locally, an absolute bscscan URL in production. */
  href: string;
  children?: ReactNode;
  onClick?: () => void;
};

/**
 * A link to a transaction on a block explorer. The local chain's explorer is a page of this
 * app, so it opens in place; an outside explorer opens in a new tab.
 */
export function ExplorerLink({ href, children = 'View on block explorer', onClick, ...props }: ExplorerLinkProps) {
  if (isInAppUrl(href)) {
    return (
      <Anchor component={Link} to={href} onClick={onClick} {...props}>
        {children}
      </Anchor>
    );
  }
  return (
    <Anchor href={href} target="_blank" rel="noopener noreferrer" onClick={onClick} {...props}>
      {children}
      <IconExternalLink size={14} aria-hidden style={{ marginLeft: 4, verticalAlign: 'middle' }} />
    </Anchor>
  );
}
