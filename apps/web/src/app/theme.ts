import { createTheme, type MantineColorsTuple } from '@mantine/core';

// Solder-mask green, the colour of a bare board: the one accent of the product.
const brand: MantineColorsTuple = [
  '#e7f8f0',
  '#d3eee2',
  '#a6dcc3',
  '#76c9a2',
  '#4fb986',
  '#36af74',
  '#27a96b',
  '#179459',
  '#07844d',
  '#00723f',
];

export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: { light: 7, dark: 5 },
  colors: { brand },
  defaultRadius: 'md',
  cursorType: 'pointer',
  fontFamily:
    'Inter, "Segoe UI", system-ui, -apple-system, Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: {
    fontFamily:
      'Inter, "Segoe UI", system-ui, -apple-system, Roboto, "Helvetica Neue", Arial, sans-serif',
    fontWeight: '650',
  },
  components: {
    Button: { defaultProps: { fw: 600 } },
    Paper: { defaultProps: { withBorder: true, radius: 'md' } },
    Card: { defaultProps: { withBorder: true, radius: 'md' } },
    TextInput: { defaultProps: { size: 'sm' } },
    PasswordInput: { defaultProps: { size: 'sm' } },
    Select: { defaultProps: { size: 'sm', allowDeselect: false } },
    Modal: {
      defaultProps: { centered: true, radius: 'md' },
      styles: { title: { fontWeight: 650, fontSize: 'var(--mantine-font-size-lg)' } },
    },
  },
});
