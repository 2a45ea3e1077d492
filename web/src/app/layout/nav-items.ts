// The site navigation, shared by the desktop header and the mobile menu.
export const NAV_ITEMS = [
  { to: '/canvas', label: 'Canvas' },
  { to: '/artist-selection', label: 'Artist Selection' },
  { to: '/about', label: 'About' },
] as const;
