export const HOME_DIGEST = ['Tuần này trên DevHub', 'Bài viết mới'];
