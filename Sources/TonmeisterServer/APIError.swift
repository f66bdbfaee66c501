import Hummingbird
import RecordingProtocol
import ScoreDocument
import ScoreLayout
import Storage
import TonmeisterSupport

/// An error answer of the API: a status and a message, sent as `{"error":{"status","message"}}`.
struct APIError: Error, Sendable, CustomStringConvertible {
    var status: HTTPResponse.Status
    var message: String
    /// What the server's log says about a 5xx answer (the raw error, which the client is not told).
    var detail: String?

    var description: String { message }

    /// 400: the request is not understood or breaks a rule.
    static func badRequest(_ message: String) -> APIError { APIError(status: .badRequest, message: message) }
    /// 404: no such take, mark, bar, page or route.
    static func notFound(_ message: String) -> APIError { APIError(status: .notFound, message: message) }

    /// The API error for anything a handler throws: the model's and storage's rule errors are 400 (404 for
    /// unknown takes, marks, bars, pieces and pages), Hummingbird's keep their status (413 for a body too
    /// large), anything else is 500.
    static func from(_ error: any Error) -> APIError {
        switch error {
        case let error as APIError: return error
        case let error as RequestBodyError: return .badRequest(error.message)
        case let error as ProtocolError: return from(protocolError: error)
        case let error as StorageError:
            if case .invalid(let reason) = error { return from(protocolError: reason) }
            return APIError(status: .internalServerError, message: error.description)
        case let error as StoreError:
            return from(storeError: error)
        case let error as LayoutError: return .badRequest(error.description)
        case let error as ScoreDocumentError:
            if case .pageOutOfRange = error { return .notFound(error.description) }
            return APIError(status: .internalServerError, message: error.description)
        case let error as HTTPError:
            return APIError(status: error.status, message: error.body ?? defaultMessage(error.status))
        case let error as any HTTPResponseError:
            return APIError(status: error.status, message: defaultMessage(error.status))
        default:
            return APIError(status: .internalServerError, message: "internal error (the server's log says more)", detail: "\(error)")
        }
    }

    /// 503 for a session another program keeps locked (try again), 500 without SQLite's own text for other failures.
    private static func from(storeError error: StoreError) -> APIError {
        switch error {
        case .busy:
            return APIError(status: .serviceUnavailable, message: "the session is busy (another program is writing it); nothing was changed, try again",
                            detail: error.description)
        case .database:
            return APIError(status: .internalServerError, message: "the session database could not be read or written (the server's log says why)",
                            detail: error.description)
        default:
            return APIError(status: .internalServerError, message: error.description)
        }
    }

    private static func from(protocolError error: ProtocolError) -> APIError {
        switch error {
        case .takeNotFound, .markNotFound, .barNotFound, .pieceNotFound, .unknownPiece: return .notFound(error.description)
        default: return .badRequest(error.description)
        }
    }

    private static func defaultMessage(_ status: HTTPResponse.Status) -> String {
        switch status {
        case .contentTooLarge: return "the request body is too large"
        case .notFound: return "no such resource"
        case .methodNotAllowed: return "method not allowed here"
        default: return status.reasonPhrase
        }
    }

    /// The error as JSON.
    var json: JSONValue {
        ["error": ["status": .int(status.code), "message": .string(message)]]
    }
}
