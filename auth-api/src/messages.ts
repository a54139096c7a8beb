/**
 * Every text the API sends. Field rules reuse the sign-up form's wording (spec §5) so a
 * message reads the same whether the browser or the server caught the problem.
 */
export const MESSAGES = {
  invalidData: 'Dữ liệu không hợp lệ',
  malformedJson: 'Dữ liệu gửi lên không đúng định dạng JSON',
  unsupportedMediaType: 'Chỉ chấp nhận dữ liệu dạng JSON',
  payloadTooLarge: 'Dữ liệu gửi lên quá lớn',
  notFound: 'Không tìm thấy địa chỉ yêu cầu',
  wrongCredentials: 'Tên đăng nhập hoặc mật khẩu không đúng',
  sessionInvalid: 'Phiên đăng nhập không hợp lệ hoặc đã hết hạn',
  duplicateAccount: 'Trùng tên đăng nhập hoặc email',
  tooManyAttempts: 'Bạn đã thử quá nhiều lần, vui lòng thử lại sau ít phút',
  serverError: 'Lỗi máy chủ, vui lòng thử lại sau',
  serverBusy: 'Máy chủ đang bận, vui lòng thử lại sau giây lát',
  registered: 'Đăng ký thành công',
  field: {
    loginUsernameRequired: 'Vui lòng nhập tên đăng nhập',
    loginPasswordRequired: 'Vui lòng nhập mật khẩu',
    displayNameRequired: 'Chưa nhập tên hiển thị',
    displayNameTooLong: (max: number) => `Tên hiển thị tối đa ${max} ký tự`,
    displayNameInvalid: 'Tên hiển thị không được chứa ký tự điều khiển hoặc ký tự ẩn',
    usernameRequired: 'Chưa nhập tên đăng nhập',
    usernameTooLong: (max: number) => `Tên đăng nhập tối đa ${max} ký tự`,
    usernameInvalid: 'Tên đăng nhập không được chứa khoảng trắng, ký tự điều khiển hoặc ký tự ẩn',
    emailRequired: 'Chưa nhập email',
    emailInvalid: 'Email không hợp lệ',
    emailTooLong: (max: number) => `Email tối đa ${max} ký tự`,
    passwordRequired: 'Chưa nhập mật khẩu',
    passwordTooShort: (min: number) => `Mật khẩu phải có ít nhất ${min} ký tự`,
    passwordTooLong: (max: number) => `Mật khẩu tối đa ${max} ký tự`,
    passwordInvalid: 'Mật khẩu không được chứa ký tự điều khiển hoặc ký tự ẩn',
    confirmPasswordRequired: 'Chưa nhập xác nhận mật khẩu',
    confirmPasswordMismatch: 'Xác nhận mật khẩu không khớp',
  },
} as const;
