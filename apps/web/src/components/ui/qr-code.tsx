import { lazy, Suspense, type ComponentProps } from 'react';
import type { QRCodeSVG as QRCodeSVGComponent } from 'qrcode.react';
import { ModuleLoadError } from '@/lib/module-load-error';
import { LoadBoundary } from './load-boundary';

type QRCodeSVGType = typeof QRCodeSVGComponent;

let loaded: QRCodeSVGType | undefined;
let loading: Promise<QRCodeSVGType> | undefined;

/** Loads the QR code library ahead of its first use (tests render without waiting for chunks). */
export function preloadQrCode(): Promise<QRCodeSVGType> {
  loading ??= import('qrcode.react').then(
    (m) => (loaded = m.QRCodeSVG),
    (error: unknown) => {
      // Tried afresh next time (the network came back, a deploy replaced the chunk).
      loading = undefined;
      throw new ModuleLoadError(error);
    },
  );
  return loading;
}

const LazyQrCode = lazy(async () => ({ default: await preloadQrCode() }));

type QrCodeProps = ComponentProps<QRCodeSVGType> & { size: number };

/**
 * qrcode.react's QRCodeSVG, loaded on first use (issue 14): QR codes sit in dialogs and panels
 * a phone's first screen does not show, and the library is 10 KB gzip. Until it arrives, a blank
 * square of the code's size holds its place, so nothing moves when it appears; once loaded, a
 * code renders at once. If the library does not arrive, the square says so: the link or code
 * the QR code carries is always shown beside it.
 */
export function QrCode(props: QrCodeProps) {
  const Loaded = loaded;
  if (Loaded) return <Loaded {...props} />;
  const square = { display: 'inline-flex', width: props.size, height: props.size } as const;
  return (
    <LoadBoundary
      fallback={
        // Dark text: a QR code always sits on a white frame, whatever the colour scheme.
        <span
          style={{
            ...square,
            alignItems: 'center',
            justifyContent: 'center',
            fontSize: 12,
            // The frame sets no line height for the code's SVG; the words need one.
            lineHeight: 1.3,
            padding: 4,
            boxSizing: 'border-box',
            textAlign: 'center',
            color: 'var(--mantine-color-dark-7)',
          }}
        >
          QR code did not load
        </span>
      }
    >
      <Suspense fallback={<span style={square} />}>
        <LazyQrCode {...props} />
      </Suspense>
    </LoadBoundary>
  );
}
