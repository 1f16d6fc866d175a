import { ActionIcon, Button, createTheme, Indicator, type MantineColorsTuple } from '@mantine/core';

/** Gold from pale leaf to old bullion; index 5-6 carry buttons and links on the dark scheme. */
const gold: MantineColorsTuple = [
  '#fff9e6',
  '#fbefcc',
  '#f5dd98',
  '#efca60',
  '#eaba34',
  '#e6b01a',
  '#d4a20f',
  '#b88c04',
  '#a37b00',
  '#8c6900',
];

/** Cool charcoal for the dark scheme, so the gold reads warm against it. */
const dark: MantineColorsTuple = [
  '#dcdee3',
  '#b4b7bf',
  '#7d818c',
  '#5a5e69',
  '#3a3e48',
  '#2a2d35',
  '#1e2128',
  '#16181e',
  '#111318',
  '#0b0c10',
];

export const theme = createTheme({
  primaryColor: 'gold',
  primaryShade: { light: 7, dark: 6 },
  colors: { gold, dark },
  autoContrast: true,
  defaultRadius: 'md',
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  headings: { fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif', fontWeight: '650' },
  cursorType: 'pointer',
  // An explicit colour lets autoContrast put dark text on gold (white on gold fails contrast).
  components: {
    Button: Button.extend({ defaultProps: { color: 'gold' } }),
    ActionIcon: ActionIcon.extend({ defaultProps: { color: 'gold' } }),
    Indicator: Indicator.extend({ defaultProps: { color: 'gold', autoContrast: true } }),
  },
});

/** SPEC.md section 9: mobile layout applies at window widths up to 768 px. */
export const MOBILE_MAX_WIDTH_PX = 768;
export const MOBILE_MEDIA_QUERY = `(max-width: ${MOBILE_MAX_WIDTH_PX}px)`;
