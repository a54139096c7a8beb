export const PAGE_LAYOUTS = ['main', 'bare'];
