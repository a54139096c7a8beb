/**
 * Every Vietnamese text of the product. Texts quoted by the specification are kept to
 * the letter; the rest follows the same voice.
 */
import { PRODUCT_NAME } from '../constants';

export const ERROR_MESSAGES = {
  invalidData: 'Dữ liệu không hợp lệ',
  wrongCredentials: 'Tên đăng nhập hoặc mật khẩu không đúng',
  duplicateAccount: 'Trùng tên đăng nhập hoặc email',
  serverError: 'Lỗi máy chủ, vui lòng thử lại sau',
  noResponse: 'Lỗi hệ thống, vui lòng thử lại!',
  tooManyRequests: 'Bạn đã thử quá nhiều lần, vui lòng thử lại sau ít phút',
  sessionExpired: 'Phiên đăng nhập đã hết hạn, vui lòng đăng nhập lại',
} as const;

export const PAGE_TITLES = {
  blog: 'Bài viết',
  software: 'Phần mềm',
  docs: 'Tài liệu',
  courses: 'Khóa học',
  profile: 'Hồ sơ',
  repo: 'Kho lưu trữ',
  cart: 'Đơn hàng',
  setting: 'Cài đặt',
  signIn: 'Đăng nhập',
  signUp: 'Đăng ký',
  notFound: 'Không tìm thấy trang',
  error: 'Lỗi ứng dụng',
  remotes: 'Bảng điều khiển remote',
} as const;

export const SHELL_TEXT = {
  skipToContent: 'Bỏ qua đến nội dung chính',
  logoLabel: `${PRODUCT_NAME} — về trang chủ`,
  mainNavigation: 'Điều hướng chính',
  openNavigation: 'Mở menu điều hướng',
  closeNavigation: 'Đóng menu điều hướng',
  nav: {
    home: 'Trang chủ',
    blog: 'Bài viết',
    software: 'Phần mềm',
    docs: 'Tài liệu',
    courses: 'Khóa học',
    requests: 'Yêu cầu',
  },
  search: {
    label: 'Tìm kiếm',
    placeholder: 'Tìm bài viết, phần mềm, tài liệu…',
    clear: 'Xóa nội dung tìm kiếm',
    searching: 'Đang tìm…',
  },
  theme: {
    light: 'Giao diện: sáng (bấm để chuyển sang tối)',
    dark: 'Giao diện: tối (bấm để theo hệ thống)',
    system: 'Giao diện: theo hệ thống (bấm để chuyển sang sáng)',
  },
  signIn: 'Đăng nhập',
  signUp: 'Đăng ký',
  userMenu: {
    open: 'Mở menu tài khoản',
    membership: 'Thành viên',
    neutralName: 'Tài khoản của bạn',
    avatarAlt: 'Ảnh đại diện',
    profile: 'Hồ sơ',
    repo: 'Kho lưu trữ',
    cart: 'Đơn hàng',
    setting: 'Cài đặt',
    logout: 'Đăng xuất',
    loggedOut: 'Đăng xuất thành công',
  },
  footer: {
    description:
      'Nơi tập hợp tài nguyên học tập, công cụ phần mềm và nội dung giáo dục dành cho lập trình viên.',
    quickLinks: 'Liên kết nhanh',
    contact: 'Liên hệ',
    email: 'Email',
    phone: 'Điện thoại',
    rights: 'Bảo lưu mọi quyền.',
  },
  remote: {
    loading: 'Đang tải nội dung…',
    failedTitle: 'Không tải được nội dung',
    failed: (what: string) => `Không tải được ${what}. Máy chủ của phần này đang không phản hồi hoặc gặp lỗi.`,
    retry: 'Thử lại',
    details: 'Chi tiết lỗi',
    registryFailed: (detail: string) => `Không đọc được danh sách remote (remotes.json): ${detail}`,
    notRegistered: (remote: string) => `Remote "${remote}" không có trong remotes.json`,
  },
  notFound: {
    heading: 'Không tìm thấy trang',
    body: 'Trang bạn tìm không tồn tại hoặc đã được chuyển đi nơi khác.',
    backHome: 'Về trang chủ',
  },
  routeError: {
    heading: 'Unexpected Application Error!',
    backHome: 'Về trang chủ',
  },
} as const;

/** Human names of what each exposed module shows, used in failure messages. */
export const REMOTE_MODULE_NAMES: Record<string, string> = {
  'catalog/HomePage': 'trang chủ',
  'catalog/ListingPage': 'danh sách nội dung',
  'auth/SignInPage': 'trang đăng nhập',
  'auth/SignUpPage': 'trang đăng ký',
  'account/ProfilePage': 'trang hồ sơ',
  'account/RepoPage': 'trang kho lưu trữ',
  'account/CartPage': 'trang đơn hàng',
  'account/SettingPage': 'trang cài đặt',
};

export const ACCOUNT_TEXT = {
  profileHeading: 'Profile',
  repoHeading: 'RepoPage',
  settingHeading: 'Setting',
  cartText: 'Cart',
} as const;

export const AUTH_TEXT = {
  signInTitle: 'Đăng nhập',
  signUpTitle: 'Đăng ký',
  username: 'Tên đăng nhập',
  password: 'Mật khẩu',
  displayName: 'Họ tên',
  email: 'Email',
  confirmPassword: 'Xác nhận mật khẩu',
  forgotPassword: 'Quên mật khẩu?',
  google: 'Google',
  apple: 'Apple',
  continueWith: 'hoặc tiếp tục với',
  noAccount: 'Chưa có tài khoản?',
  haveAccount: 'Đã có tài khoản?',
  featureInDevelopment: 'tính năng đang phát triển',
  signInSuccess: 'Đăng nhập thành công',
  signUpSuccess: 'Đăng ký thành công',
  signUpFailed: 'Đăng ký thất bại',
  submitting: 'Đang xử lý…',
  validation: {
    signInUsernameRequired: 'Vui lòng nhập tên đăng nhập',
    signInPasswordRequired: 'Vui lòng nhập mật khẩu',
    signInPasswordMin: 'Mật khẩu phải có ít nhất 8 kí tự',
    displayNameRequired: 'Chưa nhập tên hiển thị',
    usernameRequired: 'Chưa nhập tên đăng nhập',
    emailRequired: 'Chưa nhập email',
    passwordRequired: 'Chưa nhập mật khẩu',
    passwordMin: 'Mật khẩu phải có ít nhất 8 ký tự',
    confirmPasswordRequired: 'Chưa nhập xác nhận mật khẩu',
    confirmPasswordMismatch: 'Xác nhận mật khẩu không khớp',
  },
} as const;

export const CATALOG_TEXT = {
  featured: 'Bài nổi bật',
  viewDetails: 'Xem chi tiết',
  topSearches: 'Top tìm kiếm',
  viewAll: 'Xem tất cả',
  previousSlide: 'Trang trình chiếu trước',
  nextSlide: 'Trang trình chiếu sau',
  goToSlide: (n: number) => `Chuyển đến nhóm ${n}`,
  sections: {
    latestBlog: 'Bài viết mới nhất',
    latestSoftware: 'Phần mềm mới nhất',
    topSoftware: 'Phần mềm tải nhiều nhất',
    latestDocs: 'Tài liệu mới nhất',
    topDocs: 'Tài liệu tải nhiều nhất',
    latestCourses: 'Khóa học mới nhất',
    topCourses: 'Khóa học tải nhiều nhất',
  },
  headings: {
    blog: 'Tất cả bài viết',
    software: 'Tất cả phần mềm',
    docs: 'Tất cả tài liệu',
    course: 'Tất cả khóa học',
  },
  sort: {
    label: 'Sắp xếp',
    latest: 'Mới nhất',
    views: 'Xem nhiều nhất',
    downloads: 'Tải nhiều nhất',
  },
  searchLabel: 'Tìm trong danh sách',
  searchPlaceholder: 'Nhập từ khóa…',
  tags: 'Thẻ',
  expand: 'Mở rộng',
  collapse: 'Thu gọn',
  downloads: 'lượt tải',
  views: 'lượt xem',
  previousPage: 'Trang trước',
  pageInput: 'Nhập số trang',
  nextPage: 'Trang sau',
  pageOf: (page: number, total: number) => `Trang ${page} / ${total}`,
  resultCount: (n: number) => `${n} kết quả`,
  goToTop: 'Lên đầu trang',
  emptyTitle: 'Không tìm thấy nội dung phù hợp',
  emptyBody: 'Hãy thử từ khóa khác hoặc bỏ bớt thẻ đã chọn.',
  clearFilters: 'Xóa bộ lọc',
  otherListings: 'Có kết quả phù hợp ở mục khác:',
  otherListingCount: (label: string, n: number) => `${label} (${n})`,
  kindLabels: {
    blog: 'Bài viết',
    software: 'Phần mềm',
    docs: 'Tài liệu',
    course: 'Khóa học',
  },
} as const;
