import { describe, expect, it } from 'vitest';
import { parseAddress } from './parse-address';
import { carriersForTrackingNo } from './tracking-carriers';

describe('parseAddress', () => {
  it('reads name, mobile, province, city, district and detail in the usual order', () => {
    expect(parseAddress('张三 13800138000 浙江省杭州市西湖区文三路 100 号')).toEqual({
      name: '张三',
      mobile: '13800138000',
      province: '浙江省',
      city: '杭州市',
      district: '西湖区',
      detail: '文三路 100 号',
    });
  });

  it('finds the name at the end, with Chinese commas and a mobile written with dashes', () => {
    expect(parseAddress('江苏南京市鼓楼区中山路18号，李四，138-0013-8000')).toEqual({
      name: '李四',
      mobile: '13800138000',
      province: '江苏省',
      city: '南京市',
      district: '鼓楼区',
      detail: '中山路18号',
    });
  });

  it('reads a labelled block on several lines, with +86 and an autonomous region written in full', () => {
    const text =
      '收货人：王五\n手机号码：+86 139 0000 1111\n所在地区：广西壮族自治区 南宁市 青秀区\n详细地址：民族大道 1 号';
    expect(parseAddress(text)).toEqual({
      name: '王五',
      mobile: '13900001111',
      province: '广西壮族自治区',
      city: '南宁市',
      district: '青秀区',
      detail: '民族大道 1 号',
    });
  });

  it('gives a 直辖市 as province and city, also when the city is written again', () => {
    expect(parseAddress('上海市浦东新区世纪大道 100 号 赵六 13700001234')).toMatchObject({
      name: '赵六',
      province: '上海市',
      city: '上海市',
      district: '浦东新区',
      detail: '世纪大道 100 号',
    });
    expect(parseAddress('钱七;13600001234;北京 北京市 朝阳区 建国路 1 号')).toMatchObject({
      name: '钱七',
      mobile: '13600001234',
      province: '北京市',
      city: '北京市',
      district: '朝阳区',
      detail: '建国路 1 号',
    });
  });

  it('completes the short names of autonomous regions and reads 自治州, 盟 and county-level cities', () => {
    expect(parseAddress('内蒙古阿拉善盟阿拉善左旗王府街 2 号 孙八 13500001234')).toMatchObject({
      province: '内蒙古自治区',
      city: '阿拉善盟',
      district: '阿拉善左旗',
      detail: '王府街 2 号',
    });
    expect(parseAddress('吉林省延边朝鲜族自治州延吉市光明街 3 号')).toMatchObject({
      province: '吉林省',
      city: '延边朝鲜族自治州',
      district: '延吉市',
      detail: '光明街 3 号',
      name: '',
      mobile: '',
    });
  });

  it('leaves what it cannot tell empty', () => {
    expect(parseAddress('')).toEqual({
      name: '',
      mobile: '',
      province: '',
      city: '',
      district: '',
      detail: '',
    });
    expect(parseAddress('文三路 100 号')).toMatchObject({ province: '', detail: '文三路 100 号', name: '' });
  });
});

describe('carriersForTrackingNo', () => {
  it('names the carriers whose format fits, from the contract’s carrier formats', () => {
    expect(carriersForTrackingNo(' sf1234567890123 ')).toEqual([{ code: 'SF', name: '顺丰速运' }]);
    expect(carriersForTrackingNo('JT1234567890123').map((c) => c.code)).toEqual(['JT']);
    // 13 digits: 韵达 and EMS both use it.
    expect(carriersForTrackingNo('1234567890123').map((c) => c.code)).toEqual(['YUNDA', 'EMS']);
    expect(carriersForTrackingNo('773456789012').map((c) => c.code)).toEqual(['ZTO']);
    expect(carriersForTrackingNo('ABC')).toEqual([]);
    expect(carriersForTrackingNo('')).toEqual([]);
  });
});
