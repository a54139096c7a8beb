/** The Vietnamese texts of this remote's pages; texts quoted by the specification are kept to the letter. */
export const ACCOUNT_TEXT = {
  profileHeading: 'Profile',
  repoHeading: 'RepoPage',
  settingHeading: 'Setting',
  cartText: 'Cart',
} as const;
