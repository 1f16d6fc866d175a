/**
 * The services modules offer each other, on `app.services`. Each module adds its own entry
 * by augmenting this interface in its `<module>.module.ts`; a module uses another's service,
 * never its tables (DESIGN.md section 7).
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging, module by module
export interface Services {}
