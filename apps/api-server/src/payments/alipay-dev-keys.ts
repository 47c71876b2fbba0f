/**
 * The Alipay sandbox's development keys (RSA 2048): PUBLIC, committed on purpose, like the platform
 * sandboxes' app secrets. In sandbox mode the server signs with the demo app's private key and checks
 * the sandbox's answers with the sandbox's public key; the other halves (the sandbox's private key, the
 * app's public key the sandbox verifies with) live with the sandbox (`@consign/platform-sandboxes`).
 * Production refuses these keys (config.ts): it needs the app's real keys and Alipay's public key.
 */
const pem = (kind: string, base64: string) =>
  `-----BEGIN ${kind}-----\n${base64.match(/.{1,64}/g)?.join('\n')}\n-----END ${kind}-----\n`;
/** The demo app's private key (what `ALIPAY_PRIVATE_KEY` is in the demo). */
export const DEV_APP_PRIVATE_KEY = pem(
  'PRIVATE KEY',
  'MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQCqOYEk3mRC8b/55gZfjmE1wp5p/B8oqDASIH6xyWbxepQjlb4vzsVu7g9g7ENPEXg7YCXttxSLq7TtDeOXJPiDTLiCssIJILSTqZoBP7tWrcrkMGAqIicr2tkzPxboGmokEDATdjH6Cxaum7z88z5FLsF9RL+0FbKJGedx3peWgZCe2ha9r4+gqzt8+0w78LzM/qhIoyAwZ/HxayNg8DxYB2n79nsNJtTcWpaIJMM3d0EIv5fKzZF0aOg/DsP6ujDqHbPPoLDq47X6FJU7a1w0loXAg6iiNNs1FU2j2wyNzkA1RSlgI7sn1vLAwUNnRb+9HrLHn/HiNyWGnRErHCQBAgMBAAECggEAEs3s8A14PnP1zO2l/RbdssJn3RXqvENOIiaAUHQLAPiVVlQDsUTShyVZwg9/hQPNSCPgNMExjhdfEoPjBS6inGCUjm2gZUE9aYWGG4a2k4X54JjeerEQqjXQIirhRS0r1gWKxg+byD9C13GhYEEfuyVF3yiB0+tEsIQRzwCztr61vKy8AwwnX+WK0EZm9o8U0Y26m0fotCoM4Nl7rjBOYCCNKgiyUCtS0F7s0seU+nhKrM5SM2sTnUAKQ/RPATjJtWx7T2me/kLPbvmjQ8rCpVia3SUNKYaJDt0ruZpsdUXBJ1PDhWIMZ4rHUF7Vg0aZaTdzHorBOHvla6JYUlYsEQKBgQDYIoCjvienQraTvntJD+cfvnAf7C7jGj98HKSmea4SbNrgdPXW3wqbnvJtr7dCJw0htHhuU6aw+ON0ws4rThxUHAwI4ldi0oqHmVOtsR+7OwucVVPbUifKnN72/bFwoHJyIE1NCBzL81A4Cl5fWzEfJTRTA7+umSTgmPTsB/+vWQKBgQDJnzT1p0rKQ8Y4PeVNcF6tWChacgX3y55Jyxvz6U0Nbe4kdujd7aS92hkGbHnafRN+RvA8uDI8OOEYgN+B1tpiWnytbrCfWTcK79Gl3qWI33kiw6uNZWtb6mh57dLnQ6gmjPLhWdrCWO6fg9wnhQkVm3cfdC2jv7N/grD1z0xs6QKBgGl2tISx5hGEyShguzHUk7f2qim5isuAZFgAdgtRtrIA8fCywb7+iOOU9MC3DFo4Sf0XXeif4ufaGss/v3B8JfCY2vp+z5tGFxjBpYZMtqoazriTHl8XwJjqYRXuhuXpNM8hmfarrbmLWapuzMwE6HxFIDodyyu8SLVbja+a25XJAoGAJYFPGa8v82YeFlI1OG2Bvx8aCpERWSHwZOu6XGn2olvjo7bW5ImTTpmmdBJzrFf960yI3dKpzZgLD0LR0NZFs2v/q0de5ZVz7r3jssYy5r4jS3s4i0nlaai2HJBH3iswuVMYzyCm1+YxJU0jA9r0cKeFxj0XTFGZs0t9XYxdPBkCgYEAiFMeQ7c2UPYu6waMEtzbpqAF/0NWlF7bYLY1na/uan4yiWW5SEB9ZIaDPfil5HtC7RRXVKSq8rXLQFh0C020Gro1kP6FfeEonLVVCVQdHLD7mTxbMgVufoTFvvhcTsBdhGRA9hbFug+koer/B0dt7gi9lL5Qid9lNv3ypVCBgCU=',
);
/** The sandbox's public key (what `ALIPAY_PUBLIC_KEY` is in the demo: "Alipay's" public key). */
export const DEV_SANDBOX_PUBLIC_KEY = pem(
  'PUBLIC KEY',
  'MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAtGOCUDmKUZQmCMuxPzJjcvb0nKAkxotZVANdygkZYldX5VZElugIi7CstvGbziMFKAVG997UaRZwWUNJPpG+pPGu2GeGbO2L9UY2ITWENTovXlilQOnfuQlJyZ0KxsE0HL2KNS9hIfuX81MRS4M4HNe0FBaKb45H6vP/XJZQqDzDcbSD5dsTgk/BJf5/xLM/XtVoZSBXOTqUKU2p8fQ1XbYbzvoK3AWlq+ZW9onxskWc/Nu8D7rggN3XaeKvQVvsf7tFrgu9YPfVPGDjsvk6cu8vINrg8Eava37MY3RVQwAeSck+C8K0CqQRii/s0P152ERGANm12yPOB+Sxi2bAEwIDAQAB',
);
