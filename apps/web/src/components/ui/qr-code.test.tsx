import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

describe('a QR code whose library does not load', () => {
  it('says so in its own square, and the page around it stays', async () => {
    // A fresh copy of the component (the test setup preloads the library for every other test),
    // whose library chunk does not arrive: the connection dropped, or a deploy replaced it.
    vi.resetModules();
    vi.doMock('qrcode.react', () => {
      throw new TypeError('Failed to fetch dynamically imported module: /assets/esm.js');
    });
    const { QrCode } = await import('./qr-code');
    render(
      <main>
        <p>Your referral link: https://qmgt.example/register?ref=AB12</p>
        <QrCode value="https://qmgt.example/register?ref=AB12" size={100} level="H" title="Referral link QR code" />
      </main>,
    );
    expect(await screen.findByText('QR code did not load')).toBeInTheDocument();
    expect(screen.getByText(/Your referral link/)).toBeInTheDocument();
    vi.doUnmock('qrcode.react');
  });
});
