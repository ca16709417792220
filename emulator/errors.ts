// Errors that become the API's error body {message, timestamp, detail}: thrown by the domain and the handlers,
// turned into replies by the HTTP layer.
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly detail?: string,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, detail?: string) => new ApiError(400, message, detail);
export const unauthorized = (message: string) => new ApiError(401, message);
export const forbidden = (message: string) => new ApiError(403, message);
export const notFound = (message: string) => new ApiError(404, message);
export const conflict = (message: string, detail?: string) => new ApiError(409, message, detail);
