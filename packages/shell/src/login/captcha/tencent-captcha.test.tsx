import { afterEach, describe, expect, it } from 'vitest';
import { CaptchaCancelledError, devCaptcha } from './captcha-provider';
import { captchaFromAppId, createTencentCaptcha, loadScript } from './tencent-captcha';

/** A stand-in for the vendor script: defines `TencentCaptcha` and answers with `ret` when shown. */
function vendorScript(ret: number): string {
  const source = `
    window.__captchaLoads = (window.__captchaLoads || 0) + 1;
    window.TencentCaptcha = class {
      constructor(appId, callback) { this.appId = appId; this.callback = callback; }
      show() {
        window.__captchaAppId = this.appId;
        setTimeout(() => this.callback(${ret} === 0
          ? { ret: 0, ticket: 't-' + this.appId, randstr: 'r-1' }
          : { ret: ${ret} }), 0);
      }
    };`;
  return URL.createObjectURL(new Blob([source], { type: 'text/javascript' }));
}

type TestWindow = Window & { __captchaLoads?: number; __captchaAppId?: string };

afterEach(() => {
  delete window.TencentCaptcha;
  delete (window as TestWindow).__captchaLoads;
});

describe('createTencentCaptcha', () => {
  it('loads the script on the first verify only, and resolves with the ticket', async () => {
    const scriptUrl = vendorScript(0);
    const captcha = createTencentCaptcha({ appId: '190000', scriptUrl });
    expect(document.querySelector(`script[src="${scriptUrl}"]`)).toBeNull();
    await expect(captcha.verify()).resolves.toEqual({ ticket: 't-190000', randstr: 'r-1' });
    await expect(captcha.verify()).resolves.toEqual({ ticket: 't-190000', randstr: 'r-1' });
    expect((window as TestWindow).__captchaLoads).toBe(1);
    expect(document.querySelectorAll(`script[src="${scriptUrl}"]`)).toHaveLength(1);
  });

  it('rejects with CaptchaCancelledError when the user closes it', async () => {
    const captcha = createTencentCaptcha({ appId: '1', scriptUrl: vendorScript(2) });
    await expect(captcha.verify()).rejects.toBeInstanceOf(CaptchaCancelledError);
  });

  it('rejects when the script cannot load, and may be retried', async () => {
    const missing = `${location.origin}/__missing-captcha-${Date.now()}.js`;
    await expect(loadScript(missing)).rejects.toThrow('failed to load');
    expect(document.querySelector(`script[src="${missing}"]`)).toBeNull();
    await expect(loadScript(missing)).rejects.toThrow('failed to load');
  });
});

describe('captchaFromAppId', () => {
  it('uses the dev captcha without an app id', async () => {
    expect(captchaFromAppId(undefined, devCaptcha)).toBe(devCaptcha);
    expect(captchaFromAppId('', devCaptcha)).toBe(devCaptcha);
    await expect(devCaptcha.verify()).resolves.toEqual({ ticket: 'dev-ticket', randstr: 'dev' });
    expect(captchaFromAppId('42', devCaptcha)).not.toBe(devCaptcha);
  });
});
