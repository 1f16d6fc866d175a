import type { Plugin } from 'vite';

/** A Mantine module that carries a component's class names, e.g. `.../Button/Button.module.css.mjs`. */
const CLASS_NAMES_MODULE =
  /[\\/]node_modules[\\/]@mantine[\\/](core|notifications)[\\/]esm[\\/](?:.*[\\/])?(\w+)\.module\.css\.mjs$/;

/**
 * Each Mantine component brings its own stylesheet (issue 14). Mantine ships one CSS file per
 * component (`@mantine/core/styles/Button.css`) beside the whole set (`styles.css`, 29 KB gzip,
 * render-blocking). Every component module imports its class names from a `*.module.css.mjs`
 * of the same name, so this plugin makes that module import the matching stylesheet: a
 * component's CSS then lands in the chunk its JavaScript lands in, the first screen links only
 * the CSS of the components it renders, and a lazy chunk's CSS loads with it (Vite waits for a
 * chunk's CSS before running it). No list to keep in step with the components the app uses.
 * The import goes last, after the module's own (none today): a component's CSS follows the
 * CSS of the components it is built from, as in Mantine's own order.
 */
export function mantineCssPerComponent(): Plugin {
  return {
    name: 'qmgt-mantine-css-per-component',
    transform(code, id) {
      const match = CLASS_NAMES_MODULE.exec(id);
      if (!match) return null;
      const [, pkg, name] = match;
      const stylesheet = pkg === 'core' ? `@mantine/core/styles/${name}.css` : '@mantine/notifications/styles.css';
      return { code: `${code}\nimport '${stylesheet}';\n`, map: null };
    },
  };
}
