//! What the server answers when something is wrong: a status and a message for the person, always
//! as the JSON body `{"error": "..."}` that docs/api.md promises, whatever refused the request.

use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use protocol::ProtocolError;
use serde_json::json;

use crate::store::StoreError;

/// A refusal or a failure: its HTTP status and its message.
#[derive(Debug)]
pub struct ApiError(pub StatusCode, pub String);

impl ApiError {
    pub fn new(status: StatusCode, message: impl Into<String>) -> Self {
        ApiError(status, message.into())
    }

    /// A request the client got wrong (400).
    pub fn bad(message: impl Into<String>) -> Self {
        ApiError(StatusCode::BAD_REQUEST, message.into())
    }

    /// Something on the server's side (500).
    pub fn internal(message: impl Into<String>) -> Self {
        ApiError(StatusCode::INTERNAL_SERVER_ERROR, message.into())
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        (self.0, axum::Json(json!({ "error": self.1 }))).into_response()
    }
}

impl From<StoreError> for ApiError {
    fn from(e: StoreError) -> Self {
        let status = match e {
            StoreError::NoGame(_) => StatusCode::NOT_FOUND,
            StoreError::Conflict { .. } => StatusCode::CONFLICT,
            _ => StatusCode::INTERNAL_SERVER_ERROR,
        };
        ApiError(status, e.to_string())
    }
}

impl From<ProtocolError> for ApiError {
    fn from(e: ProtocolError) -> Self {
        ApiError(StatusCode::BAD_REQUEST, e.to_string())
    }
}
