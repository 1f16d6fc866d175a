// Apart from the calls: the money refresh after every move (app/money/money-actions.ts) reads
// these keys, and the swap screen's first paint must not load the calls and their schemas.
export const gesKeys = {
  all: ['ges'] as const,
  groups: () => ['ges', 'groups'] as const,
  group: (id: string) => ['ges', 'group', id] as const,
  document: (id: string) => ['ges', 'document', id] as const,
  admin: () => ['ges', 'admin'] as const,
};
