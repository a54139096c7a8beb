// The Vietnamese texts of per-browser overrides that only the shell shows: kept with the shell
// rather than in @devhub/shared's strings, whose exports every remote build is checked against.

export const OVERRIDE_TEXT = {
  reasons: {
    unknownRemote: (known: string) => `không phải remote đã biết (${known})`,
    notHttp: 'không phải URL http(s) hợp lệ',
    offList: 'nguồn không nằm trong danh sách cho phép của remotes.json',
    localOnly: (environment: string) =>
      `nguồn http: hoặc trỏ về chính máy này (localhost) chỉ được dùng trong môi trường local, không phải "${environment}"`,
  },
  notice: {
    label: 'Đề xuất ghi đè remote',
    body: (remotes: string) =>
      `Một liên kết đề xuất ghi đè remote ${remotes}. Trang vẫn dùng các bản đã ghim cho đến khi bạn xác nhận.`,
    link: 'Xem và xác nhận trong bảng điều khiển remote',
  },
  panel: {
    heading: 'Đề xuất ghi đè đang chờ xác nhận',
    intro:
      'Một liên kết đề nghị trình duyệt này tải remote từ địa chỉ dưới đây thay cho bản đã ghim. Chỉ xác nhận nếu bạn tin nguồn này: mã của nó sẽ chạy trên trang, với phiên đăng nhập của bạn, trong tối đa 24 giờ.',
    remote: 'Remote',
    url: 'Địa chỉ đề xuất',
    confirm: (remote: string) => `Xác nhận ghi đè ${remote}`,
    discard: (remote: string) => `Bỏ đề xuất ${remote}`,
  },
} as const;
