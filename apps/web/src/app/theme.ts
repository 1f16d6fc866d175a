import { createTheme, type MantineColorsTuple, type MantineThemeComponent } from '@mantine/core';

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
  // "dimmed" text: #7d818c read 4.4:1 on the body, under WCAG AA's 4.5:1 (axe, issue 14).
  '#9094a0',
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
  // Mantine resolves a theme colour's contrast text on the light scheme's primary shade
  // (gold 7, luminance 0.29) against a default threshold of 0.3, so white landed on gold at
  // 2.3:1. 0.179 is where black and white give equal contrast: above it, black reads better.
  luminanceThreshold: 0.179,
  defaultRadius: 'md',
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  headings: { fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif', fontWeight: '650' },
  cursorType: 'pointer',
  // Plain objects, not Component.extend(): extend() imports the component, and this theme loads
  // with the first screen, which needs no Menu, Modal, Drawer or FileInput (issue 14's budget).
  // An explicit colour lets autoContrast put dark text on gold (white on gold fails contrast).
  components: {
    Button: { defaultProps: { color: 'gold' } } satisfies MantineThemeComponent,
    ActionIcon: { defaultProps: { color: 'gold' } } satisfies MantineThemeComponent,
    Indicator: { defaultProps: { color: 'gold', autoContrast: true } } satisfies MantineThemeComponent,
    // A link inside a sentence must not be told apart by colour alone (WCAG 1.4.1).
    Anchor: { defaultProps: { underline: 'always' } } satisfies MantineThemeComponent,
    // A spinner is a live status: its aria-label ("Loading your rewards") is only allowed, and
    // only announced, on an element with a role.
    Loader: { defaultProps: { role: 'status' } } satisfies MantineThemeComponent,
    // A menu may hold menu items only: Mantine's focus placeholder (a bare div with a
    // tabindex) is not one, and focus on the first item is what the ARIA menu pattern asks.
    Menu: { defaultProps: { withInitialFocusPlaceholder: false } } satisfies MantineThemeComponent,
    // Close buttons are icons: give them a name a screen reader can say.
    Notification: {
      defaultProps: { closeButtonProps: { 'aria-label': 'Close notification' } },
    } satisfies MantineThemeComponent,
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } } satisfies MantineThemeComponent,
    Drawer: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } } satisfies MantineThemeComponent,
    FileInput: {
      defaultProps: { clearButtonProps: { 'aria-label': 'Remove the file' } },
    } satisfies MantineThemeComponent,
  },
});

/** SPEC.md section 9: mobile layout applies at window widths up to 768 px. */
export const MOBILE_MAX_WIDTH_PX = 768;
export const MOBILE_MEDIA_QUERY = `(max-width: ${MOBILE_MAX_WIDTH_PX}px)`;
