import { call, resource } from '../call';
import { adminAnnouncementBody, announcementView } from './admin-schemas';

/** 后台 → 站内公告 (admin): an announcement to every member or to one. */
export const adminAnnouncements = resource('adminAnnouncements', {
  send: call({
    method: 'POST',
    path: '/api/admin/growth/announce',
    who: ['admin'],
    summary: '发布站内公告',
    description: '不指定会员时发给全部未停用的会员；指定会员编号或手机号时只发给该会员。',
    body: adminAnnouncementBody,
    data: announcementView,
    done: '公告已发送',
  }),
});
