export { api, apiRequest, buildUrl, connectAuthBridge, API_BASE, type AuthBridge, type RequestOptions } from './client';
export { ApiError, errorText, firstFieldError, isApiError, requestErrorText } from './errors';
export { uploadFile, uploadForm, type UploadOptions } from './upload';
