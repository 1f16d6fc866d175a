// zod reads its settings from this global when it loads. In the browser it must not compile
// parsers with `new Function`: the Content-Security-Policy (script-src 'self') refuses it, and
// zod's probe alone made the browser log a violation on every page (issue 14). A classic
// deferred script: it runs before the app's module scripts, whatever order their chunks take.
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true });
