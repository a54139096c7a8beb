/**
 * Every Vietnamese text of the product. Texts quoted by the specification are kept to
 * the letter; the rest follows the same voice.
 */
import { PRODUCT_NAME } from '@devhub/shared/constants';

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
    /** What the content area could not show when the registry (so the routes) could not be read. */
    routesWhat: 'nội dung trang này',
    failed: (what: string) => `Không tải được ${what}. Máy chủ của phần này đang không phản hồi hoặc gặp lỗi.`,
    tampered: (what: string) =>
      `Không tải được ${what}: tệp của phần này không khớp với mã băm đã được ghim (có thể đã bị sửa đổi), nên shell không chạy nó.`,
    retry: 'Thử lại',
    details: 'Chi tiết lỗi',
    registryFailed: (detail: string) => `Không đọc được danh sách remote (remotes.json): ${detail}`,
    incompatible: (what: string) =>
      `Không tải được ${what}: bản build của phần này không tương thích với shell đang chạy, nên shell không chạy nó.`,
    badExport: (id: string, name: string) => `${id} không có component tên "${name}"`,
  },
  registry: {
    notObject: 'nội dung phải là một đối tượng JSON',
    /** @deprecated unused since a registry names its remotes; kept for the 1.x API. */
    unknownRemote: (names: string, known: string) => `remote không xác định: ${names} (chỉ có ${known})`,
    /** @deprecated unused since a registry names its remotes; kept for the 1.x API. */
    missingRemote: (field: string) => `thiếu "${field}"`,
    badField: (field: string, expected: string) => `"${field}" phải là ${expected}`,
    expected: {
      'no-remotes': 'một đối tượng',
      'bad-entry': 'URL của mf-manifest.json',
      'bad-version': 'chuỗi',
      'bad-previous': 'danh sách phiên bản',
      'bad-origins': 'danh sách origin (ví dụ "https://cdn.example.com")',
      'bad-environment': 'chuỗi không rỗng',
      'bad-deploy-base': 'URL hoặc đường dẫn',
      'bad-integrity': 'mã băm sha384 ("sha384-" và 64 ký tự base64)',
      'bad-routes': 'một bảng route hợp lệ',
      'route-conflict': 'các đường dẫn không remote nào khác phục vụ',
    },
    unreachable: (url: string) => `không tải được ${url} (mất kết nối)`,
    httpStatus: (url: string, status: number) => `không tải được ${url} (HTTP ${status})`,
    notJson: (url: string) => `${url} không phải JSON hợp lệ`,
    timeout: (url: string, seconds: number) => `${url} không phản hồi sau ${seconds} giây`,
  },
  manifest: {
    unreachable: (url: string) => `không tải được manifest ${url} (mất kết nối)`,
    httpStatus: (url: string, status: number) => `không tải được manifest ${url} (HTTP ${status})`,
    notJson: (url: string) => `manifest ${url} không phải JSON hợp lệ`,
    timeout: (url: string, seconds: number) => `manifest ${url} không phản hồi sau ${seconds} giây`,
    noEntry: (url: string) => `manifest ${url} không ghi file entry của remote`,
    tampered: (url: string) => `manifest ${url} không phải bản đã được ghim (mã băm không khớp)`,
    noDigest: (url: string) => `${url} được ghim mà không có mã băm, nên shell không chạy nó`,
  },
  compatibility: {
    record: (remote: string, detail: string) => `${remote}: không có bản ghi tương thích hợp lệ (${detail})`,
    needs: (remote: string, dependency: string, needs: string, provides: string) =>
      `${remote} cần ${dependency} ${needs}, shell cung cấp ${provides}`,
    exportMissing: (remote: string, module: string, name: string, version: string) =>
      `${remote} cần export "${name}" của ${module}, bản ${module} ${version} của shell không có`,
    exportAll: (remote: string, module: string, version: string) =>
      `${remote} dùng toàn bộ ${module}, shell chỉ cung cấp một phần của ${module} ${version}`,
    expose: (remote: string, expose: string) => `${remote} không cung cấp ${expose}, module mà các route của shell cần`,
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
      integrity: 'Kiểm chứng',
    },
    integrity: {
      verified: 'Đã kiểm chứng (sha384)',
      unverified: 'Chưa kiểm chứng: bản ghim không có mã băm',
      failed: 'Sai mã băm: không chạy',
    },
    mismatch: (file: string, expected: string, actual: string) =>
      `${file}: mã băm đã ghim ${expected}, mã băm nhận được ${actual}`,
    states: {
      'not-loaded': 'Chưa tải',
      loading: 'Đang tải',
      loaded: 'Đã tải',
      failed: 'Lỗi',
    },
    yes: 'Có',
    no: 'Không',
    incompatible: 'Không tương thích',
    firstPage: (route: string, how: string, reason?: string) =>
      `Trang đầu tiên (${route}): ${how}${reason ? ` — vì ${reason}` : ''}`,
    noRegistry: 'Chưa đọc được remotes.json.',
    sharedUnreadable: 'Không đọc được thông tin chia sẻ của runtime',
    refresh: 'Làm mới',
  },
  prerender: {
    hydrated: 'kết xuất sẵn trên máy chủ, trình duyệt gắn tương tác (hydrate)',
    client: 'kết xuất trên trình duyệt',
    stale: 'trang kết xuất sẵn không khớp với remotes.json hiện tại',
    noRegistry: 'không đọc được remotes.json hoặc đang ghi đè remote',
    pageFailed: 'không tải được trang của remote để hydrate',
    query: 'địa chỉ có tham số truy vấn',
  },
  overrides: {
    refused: (value: string, reason: string) => `Không áp dụng ghi đè remote "${value}": ${reason}`,
    offList: (remote: string) =>
      `Không áp dụng ghi đè remote "${remote}": manifest của nó trỏ tới tệp ngoài các nguồn remotes.json cho phép`,
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

/** What each remote page shows, in the words of its failure message ("Không tải được trang chủ"). */
export const PAGE_NAMES = {
  home: 'trang chủ',
  listing: 'danh sách nội dung',
  signIn: 'trang đăng nhập',
  signUp: 'trang đăng ký',
  profile: 'trang hồ sơ',
  repo: 'trang kho lưu trữ',
  cart: 'trang đơn hàng',
  setting: 'trang cài đặt',
} as const;
