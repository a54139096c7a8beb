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
    description: 'Nơi tập hợp tài nguyên học tập, công cụ phần mềm và nội dung giáo dục dành cho lập trình viên.',
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
  remotesPanel: {
    heading: 'Bảng điều khiển remote',
    intro: 'Dữ liệu lấy từ runtime Module Federation và manifest của từng remote.',
    remotesCaption: 'Các remote',
    sharedCaption: 'Thư viện dùng chung (singleton)',
    columns: {
      remote: 'Remote',
      version: 'Phiên bản',
      build: 'Bản build',
      entry: 'Entry',
      override: 'Ghi đè',
      status: 'Trạng thái',
      loadTime: 'Thời gian tải',
      library: 'Thư viện',
      providedBy: 'Cung cấp bởi',
      loaded: 'Đã nạp',
    },
    states: {
      'not-loaded': 'Chưa tải',
      loading: 'Đang tải',
      loaded: 'Đã tải',
      failed: 'Lỗi',
    },
    yes: 'Có',
    no: 'Không',
    warning: 'Cảnh báo phiên bản',
    noRegistry: 'Chưa đọc được remotes.json.',
    refresh: 'Làm mới',
  },
  overrides: {
    refused: (value: string, reason: string) => `Không áp dụng ghi đè remote "${value}": ${reason}`,
    badge: 'Đang ghi đè remote',
    clear: 'Bỏ ghi đè và tải lại',
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
