import { Component, type ReactNode } from 'react';
import { ModuleLoadError } from '@/lib/module-load-error';

type LoadBoundaryProps = { fallback: ReactNode; children: ReactNode };

/**
 * Around a part of a page whose code loads on first use and which the page can do without (a QR
 * code beside the link it encodes): if its code does not arrive, `fallback` stands in its place
 * instead of the error taking the whole app down (an e2e journey saw 'Unexpected Application
 * Error!' when the sidebar's QR code library failed to load). Any other error goes on up.
 */
export class LoadBoundary extends Component<LoadBoundaryProps, { error: unknown }> {
  override state: { error: unknown } = { error: undefined };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override render() {
    const { error } = this.state;
    if (error === undefined) return this.props.children;
    if (error instanceof ModuleLoadError) return this.props.fallback;
    throw error;
  }
}
