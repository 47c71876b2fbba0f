/**
 * The Alipay sandbox's halves of the development key pairs (RSA 2048): PUBLIC, committed on purpose.
 * The sandbox signs its notifications and answers with its private key and verifies the demo app's
 * requests with the app's public key; the server's halves are in the api-server's
 * `payments/alipay-dev-keys.ts`.
 */
const pem = (kind: string, base64: string) =>
  `-----BEGIN ${kind}-----\n${base64.match(/.{1,64}/g)?.join('\n')}\n-----END ${kind}-----\n`;
/** The public key of the demo app (`DEV_APP_PRIVATE_KEY`), as registered with the sandbox. */
export const DEV_APP_PUBLIC_KEY = pem(
  'PUBLIC KEY',
  'MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAqjmBJN5kQvG/+eYGX45hNcKeafwfKKgwEiB+sclm8XqUI5W+L87Fbu4PYOxDTxF4O2Al7bcUi6u07Q3jlyT4g0y4grLCCSC0k6maAT+7Vq3K5DBgKiInK9rZMz8W6BpqJBAwE3Yx+gsWrpu8/PM+RS7BfUS/tBWyiRnncd6XloGQntoWva+PoKs7fPtMO/C8zP6oSKMgMGfx8WsjYPA8WAdp+/Z7DSbU3FqWiCTDN3dBCL+Xys2RdGjoPw7D+row6h2zz6Cw6uO1+hSVO2tcNJaFwIOoojTbNRVNo9sMjc5ANUUpYCO7J9bywMFDZ0W/vR6yx5/x4jclhp0RKxwkAQIDAQAB',
);
/** The sandbox's own private key ("Alipay's"; its public half is `DEV_SANDBOX_PUBLIC_KEY`). */
export const DEV_SANDBOX_PRIVATE_KEY = pem(
  'PRIVATE KEY',
  'MIIEvgIBADANBgkqhkiG9w0BAQEFAASCBKgwggSkAgEAAoIBAQC0Y4JQOYpRlCYIy7E/MmNy9vScoCTGi1lUA13KCRliV1flVkSW6AiLsKy28ZvOIwUoBUb33tRpFnBZQ0k+kb6k8a7YZ4Zs7Yv1RjYhNYQ1Oi9eWKVA6d+5CUnJnQrGwTQcvYo1L2Eh+5fzUxFLgzgc17QUFopvjkfq8/9cllCoPMNxtIPl2xOCT8El/n/Esz9e1WhlIFc5OpQpTanx9DVdthvO+grcBaWr5lb2ifGyRZz827wPuuCA3ddp4q9BW+x/u0WuC71g99U8YOOy+Tpy7y8g2uDwRq9rfsxjdFVDAB5JyT4LwrQKpBGKL+zQ/XnYREYA2bXbI84H5LGLZsATAgMBAAECggEAD1kIFVtP8XDxa34pLn9TBs0MMudNObdRelxu9mmfx0Y3LEQSweQsFfaKO2aDIx7HqYgJab2DxQ0rseyPpssvtUj6316viUUMy2mV4W10OjMhJJ3WMZe0eUHZDVZXPGHj1S4rPCsz0HhfjUxcBFi9xXZ00+C3Fpa8d7ka2P3RDv83eBaAr2ZMW50Pgx8nShfZ7K2QOECTednKwsLb1xSsyEfezo0DI1IBt+19eZ+A1wlfPefOxgeXSEq95YV5iJDgWdTQFdXrBXQWtZ813KLPF9ViugIlh8dh2dR684a1mWkFQwsYybYZQToXhxPC7IJpt7vQq5Tnv7aVq3quiWiVQQKBgQD8O1RBLQ8HGVSw6tutGRS6Bje+iZY1bQCKpeYDLrwaj39UYsuCB3XPzHBjA5YmEFnoE8nTLS+u7eWZh7zQl+QMSdUh8ruULMvLOJAOHj/Qp3JsC257khpseCxOJNpDQ/Z1QB6+vQyHctUYYsTqC80be1L31Sv/h6FDOGnIFrPPTQKBgQC3FWnGTrKIdz1mKwlejM5zgiSZzBOxqdO4Ii7JMtnmylPWL8VpmHUoyo/ISE1M/CwPqfCjkRSu0yb4dCyGPEXh7DRItMspyJjuwcyiWe1loiU62Pbihllc+Oh+nI0p3U+BjSOGzL4eTLpe1tSysGAyjqPJ+XirdnqU//IwJ5vc3wKBgFNRBbPBvoUJyP/nlEjJUB9ijmdR61wadWNXCXNjrJ7ZZ6XoPHDnJfNOBJGwTZilLg2K+8/VzTprOrxMKgJ9KcclXFGqbGu1oFuwg2UmeM3jgdhOrmADEtdhmsD1S2OMv4xbccxvhgP32owDlCf7XfUF95IFyFLP6mTZ7Zc6aIrBAoGBAIfszer84m+Ol3cS3JHl2CDJroLAkJ6Ghzldp36Y0k4WSMfsD5SmK9VtDfKUO0+8qLm4YYAOZlylR3mORsAiX3+r7eVM1MjgtSoNl++w9B9QknNuQV1MgWwVIAdgEy3RsQVt08Jwn3W/YV6oAKHpcIIYhGGfZYdnHvsgSp6VyZHhAoGBAKXSXNEOnsvWzELCJVSa8L+DmOCKCLqTdVx4LXv4qAgwkwmGEfraJns0dGEYQr21+HmUJTNnPEJx5jGM1kpQC3TW8h1sweAr3XNwji4sehtOgDBdG/dFHQO9jRvCSXqvL/yI7OGS6OEnDHnssWzyB7J0AfR/yHSMh4J6H97u7Hhg',
);
