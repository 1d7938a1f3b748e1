export declare const STAFF: { email: string; password: string; firstName: string; lastName: string }
