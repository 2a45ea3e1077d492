/** True when something accepts a TCP connection on 127.0.0.1:`port` (the connection is closed again). */
export function listening(port: number): Promise<boolean>;
