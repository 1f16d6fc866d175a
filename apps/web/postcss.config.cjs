// Mantine's recommended PostCSS setup: the preset adds its mixins and rem(); simple-vars
// carries the breakpoints so CSS modules can use $mantine-breakpoint-* like Mantine does.
module.exports = {
  plugins: {
    'postcss-preset-mantine': {},
    'postcss-simple-vars': {
      variables: {
        'mantine-breakpoint-xs': '36em',
        'mantine-breakpoint-sm': '48em',
        'mantine-breakpoint-md': '62em',
        'mantine-breakpoint-lg': '75em',
        'mantine-breakpoint-xl': '88em',
      },
    },
  },
};
