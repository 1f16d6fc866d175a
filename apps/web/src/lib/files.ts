import { UPLOAD_MAX_BYTES } from '@qmgt/contracts';
import { useEffect, useState } from 'react';

/** What the server accepts, by the bytes it sniffs (JPEG, PNG, WebP; PDF for identity documents). */
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const DOCUMENT_TYPES = [...IMAGE_TYPES, 'application/pdf'] as const;

const EXTENSIONS: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  pdf: 'application/pdf',
};

const TYPE_NAMES: Record<string, string> = {
  'image/jpeg': 'JPEG',
  'image/png': 'PNG',
  'image/webp': 'WebP',
  'application/pdf': 'PDF',
};

/** Some browsers leave `type` empty for files they do not know: the extension is the next best hint. */
function typeOf(file: File): string {
  if (file.type) return file.type;
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  return EXTENSIONS[extension] ?? '';
}

/** "JPEG, PNG or WebP" */
export function describeTypes(types: readonly string[]): string {
  const names = types.map((type) => TYPE_NAMES[type] ?? type);
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} or ${names.at(-1)}` : (names[0] ?? '');
}

/** 5 MB, 120 KB, 900 B */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1).replace(/\.0$/, '')} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} B`;
}

/**
 * Why this file cannot be uploaded, or null when it may go. A first check only: the server
 * decides by the file's bytes, and its message is shown when it refuses.
 */
export function fileProblem(file: File, allowed: readonly string[], maxBytes = UPLOAD_MAX_BYTES): string | null {
  if (!allowed.includes(typeOf(file))) return `This file is not accepted: choose a ${describeTypes(allowed)} file.`;
  if (file.size > maxBytes) return `The file is larger than ${formatBytes(maxBytes)}.`;
  if (file.size === 0) return 'The file is empty.';
  return null;
}

/** A temporary URL showing a local file (e.g. a picture preview), revoked when no longer shown. */
export function useObjectUrl(file: Blob | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setUrl(null);
      return;
    }
    const next = URL.createObjectURL(file);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [file]);
  return url;
}

/** Offers a file as a download (never opened inline): an object URL and an anchor's download attribute. */
export function saveBlobAs(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = filename;
  anchor.rel = 'noopener';
  anchor.style.display = 'none';
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  // The click has handed the file to the browser; the URL is not needed afterwards.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
