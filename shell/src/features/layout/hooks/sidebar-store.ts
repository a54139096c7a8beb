import { create } from 'zustand';

interface SidebarState {
  /** Only meaningful below the mobile breakpoint, where the sidebar is an overlay. */
  open: boolean;
  toggle: () => void;
  close: () => void;
}

export const useSidebarStore = create<SidebarState>()((set) => ({
  open: false,
  toggle: () => set((state) => ({ open: !state.open })),
  close: () => set({ open: false }),
}));
