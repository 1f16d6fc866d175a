/**
 * Code loaded on first use (a route's module, a lazy part of the shell or of a screen, a library
 * such as the QR code's) that could not be fetched or run: the connection dropped, or a deploy
 * replaced its chunk since this tab opened. Told apart from a screen's own errors, so that it is
 * said as what it is, with a reload, instead of as the app failing.
 */
export class ModuleLoadError extends Error {
  constructor(cause: unknown) {
    super('This part of the page could not be loaded', { cause });
    this.name = 'ModuleLoadError';
  }
}

/** `load`, with its failure as a ModuleLoadError. */
export const loadingModule =
  <T>(load: () => Promise<T>) =>
  (): Promise<T> =>
    load().catch((error: unknown) => {
      throw error instanceof ModuleLoadError ? error : new ModuleLoadError(error);
    });
