import type { Banner } from '@consign/api-client';
import { BannerCarousel } from '@consign/ui/components/banner-carousel';
import type * as React from 'react';
import { loginCopy } from './login-copy';

type Slides = React.ComponentProps<typeof BannerCarousel>['banners'];

/** The login page's banners (already filtered to the active ones) in the ui carousel. */
export function LoginBanners({ banners, autoplay }: { banners: Banner[]; autoplay?: boolean }) {
  const slides: Slides = banners.map((banner) => ({
    id: banner.id,
    name: banner.name,
    image: banner.ad_login_image_url,
    href: banner.ad_url || null,
  }));
  return (
    <BannerCarousel
      banners={slides}
      className="h-full"
      copy={{ label: loginCopy.banners }}
      {...(autoplay !== undefined ? { autoplay } : {})}
    />
  );
}
