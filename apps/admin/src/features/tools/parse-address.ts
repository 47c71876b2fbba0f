/**
 * 地址解析: a Chinese address block as buyers paste it (name, mobile and address in any order, split by
 * spaces, commas, semicolons or new lines, with or without labels such as 收货人： or 手机号码：) read
 * into its parts. The province is read from the 34 provincial-level divisions (with or without 省, 市,
 * 自治区); for the four 直辖市 the city is the province itself; the city and the district are read by
 * their suffixes (市, 自治州, 地区, 盟 / 区, 县, 市, 旗). Whatever it cannot tell stays empty.
 */

export interface ParsedAddress {
  name: string;
  mobile: string;
  province: string;
  city: string;
  district: string;
  detail: string;
}

/** Provincial-level divisions: the short name as people write it, and the full name. */
const MUNICIPALITIES = ['北京', '天津', '上海', '重庆'];
const AUTONOMOUS: Record<string, string> = {
  内蒙古: '内蒙古自治区',
  广西: '广西壮族自治区',
  西藏: '西藏自治区',
  宁夏: '宁夏回族自治区',
  新疆: '新疆维吾尔自治区',
};
const SPECIAL: Record<string, string> = { 香港: '香港特别行政区', 澳门: '澳门特别行政区' };
const PROVINCES = [
  '河北',
  '山西',
  '辽宁',
  '吉林',
  '黑龙江',
  '江苏',
  '浙江',
  '安徽',
  '福建',
  '江西',
  '山东',
  '河南',
  '湖北',
  '湖南',
  '广东',
  '海南',
  '四川',
  '贵州',
  '云南',
  '陕西',
  '甘肃',
  '青海',
  '台湾',
];

const REGIONS: { short: string; full: string; municipality: boolean }[] = [
  ...MUNICIPALITIES.map((short) => ({ short, full: `${short}市`, municipality: true })),
  ...Object.entries(AUTONOMOUS).map(([short, full]) => ({ short, full, municipality: false })),
  ...Object.entries(SPECIAL).map(([short, full]) => ({ short, full, municipality: false })),
  ...PROVINCES.map((short) => ({ short, full: `${short}省`, municipality: false })),
].sort((a, b) => b.short.length - a.short.length);

/** The suffixes a province may be written with after its short name, longest first. */
const PROVINCE_SUFFIX = /^(壮族自治区|回族自治区|维吾尔自治区|特别行政区|自治区|省|市)/;
const LABELS =
  /(收货人|收件人|联系人|姓名|手机号码|手机号|手机|联系电话|电话|所在地区|所在地|详细地址|收货地址|地址)\s*[:：]/g;
const MOBILE = /(?:\+?86[\s-]?)?(1[3-9]\d(?:[\s-]?\d){8})(?!\d)/;
const CITY = /^[^\d\s]{1,10}?(?:自治州|地区|盟|市)/;
const DISTRICT = /^[^\d\s]{1,10}?(?:自治县|自治旗|区|县|市|旗)/;
/** A token ending like a place (文三路, 幸福小区) is part of the address, not a name. */
const ADDRESS_END = /[省市区县旗路街道巷弄号村镇乡楼栋室苑园]$/;
const NAME = /^[\u4e00-\u9fa5·]{2,6}$|^[A-Za-z][A-Za-z .]{1,19}$/;

function startsWithRegion(token: string): boolean {
  return REGIONS.some((region) => token.startsWith(region.short));
}

/** Province, city, district and the rest of an address text (already without name and mobile). */
function splitRegion(address: string): Omit<ParsedAddress, 'name' | 'mobile'> {
  let rest = address.trim();
  const region = REGIONS.find((r) => rest.startsWith(r.short));
  if (!region) return { province: '', city: '', district: '', detail: rest };
  rest = rest.slice(region.short.length).replace(PROVINCE_SUFFIX, '').trimStart();
  let city = '';
  if (region.municipality) {
    city = region.full;
    // 北京市北京市朝阳区, 上海 上海市 浦东新区, 北京市市辖区: the city written again.
    rest = rest.replace(new RegExp(`^(${region.short}市?|市辖区)`), '').trimStart();
  } else {
    const found = CITY.exec(rest);
    if (found) {
      city = found[0];
      rest = rest.slice(city.length).trimStart();
    }
  }
  const district = DISTRICT.exec(rest)?.[0] ?? '';
  rest = rest.slice(district.length).trim();
  return { province: region.full, city, district, detail: rest };
}

export function parseAddress(text: string): ParsedAddress {
  let rest = text.replace(LABELS, ' ');
  const mobileMatch = MOBILE.exec(rest);
  const mobile = mobileMatch?.[1]?.replace(/[\s-]/g, '') ?? '';
  if (mobileMatch) rest = rest.replace(mobileMatch[0], ' ');
  const tokens = rest
    .split(/[\s,，;；、|]+/)
    .map((token) => token.trim())
    .filter(Boolean);
  // The name is a short token at either end that is not the start of the address.
  const isName = (token: string | undefined) =>
    !!token && NAME.test(token) && !ADDRESS_END.test(token) && !startsWithRegion(token);
  let name = '';
  if (isName(tokens[0]) && tokens.length > 1) name = tokens.shift() ?? '';
  else if (isName(tokens.at(-1)) && tokens.length > 1) name = tokens.pop() ?? '';
  else if (tokens.length === 1 && isName(tokens[0])) name = tokens.shift() ?? '';
  return { name, mobile, ...splitRegion(tokens.join(' ')) };
}
