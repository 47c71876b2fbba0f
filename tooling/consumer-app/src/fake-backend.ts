import type { Banner, CompanyConfig, CurrentUser } from '@consign/api-client';

// The app has no server: the API client's `fetch` option answers the two calls the shell makes.

function picture(color: string): string {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="500"><rect width="800" height="500" fill="${color}"/></svg>`;
  return `data:image/svg+xml;utf8,${encodeURIComponent(svg)}`;
}

const banner: Banner = {
  id: 1,
  name: '新手指引',
  ad_url: '',
  ad_login_image_url: picture('#2563eb'),
  begin_time: null,
  end_time: null,
  version: 1,
};

export const companyConfig: CompanyConfig = {
  logo_url: '',
  short_name: '寄售宝',
  en_name: 'Consign',
  name: '寄售宝科技有限公司',
  foot_copyright: 'Copyright © 2026 寄售宝科技有限公司',
  foot_info: '沪ICP备00000000号',
  ad_list: [banner],
};

export const user: CurrentUser = {
  id: 1,
  mobile: '13800000000',
  nickname: '管理员',
  avatar_image: '',
  is_manage: true,
  created_at: 1_767_225_600,
  account_role: 'owner',
  permissions: ['order:view'],
};

const answers: Record<string, unknown> = {
  '/api/default/config': companyConfig,
  '/api/user/info': user,
};

export const fakeFetch: typeof fetch = async (input) => {
  const url = new URL(input instanceof Request ? input.url : String(input), location.origin);
  const data = answers[url.pathname] ?? null;
  return new Response(JSON.stringify({ errorCode: 0, data }), {
    headers: { 'content-type': 'application/json' },
  });
};
