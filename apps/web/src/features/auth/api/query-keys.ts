export const authKeys = {
  all: ['auth'] as const,
  info: () => [...authKeys.all, 'info'] as const,
};
