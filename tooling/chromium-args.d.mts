export declare const HOST_RESOLVER_RULES: string;
export declare const chromiumArgs: string[];
