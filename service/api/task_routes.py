"""Routes of task results (hints): readable only with the token of the seat that asked."""

from flask.views import MethodView

from .blueprint import Blueprint
from .game_routes import SEAT, bearer_token, games, private_when_seat
from .schemas import TaskOut

blp = Blueprint("tasks", __name__, url_prefix="/v1/tasks", description="Background tasks")
blp.after_request(private_when_seat)


@blp.route("/<task_id>")
class Task(MethodView):
    @blp.response(200, TaskOut)
    @blp.alt_response(404, description="not_found: an unknown task, or not asked for by this token's seat")
    @blp.doc(security=SEAT)
    def get(self, task_id):
        """A task's state (PENDING, STARTED, SUCCESS, FAILURE) and result, for the seat that asked."""
        return games().task(task_id, bearer_token(required=False))
