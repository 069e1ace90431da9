"""Routes of task results (hints): readable only with the token of the seat that asked."""

from flask.views import MethodView

from . import examples
from .blueprint import Blueprint
from .contract import SEAT, answers, headers
from .game_routes import bearer_token, games, private_when_seat
from .languages import ACCEPT_LANGUAGE, language
from .schemas import TaskOut

blp = Blueprint("tasks", __name__, url_prefix="/v1/tasks", description="Background tasks")
blp.after_request(private_when_seat)


@blp.route("/<task_id>")
class Task(MethodView):
    @blp.response(200, TaskOut, description="the task's state, and its result once SUCCESS",
                  headers=headers(private=True), examples=examples.tasks())
    @answers(blp, 401, 404, 429, 500, 503, private=True, s503=["store_unavailable"])
    @blp.doc(operationId="getTask", security=SEAT, parameters=[ACCEPT_LANGUAGE])
    def get(self, task_id):
        """Get a task

        A hint task's state and, once `SUCCESS`, its result, for the token of the seat that
        asked only: an unknown id, no token or another seat's token all answer 404
        `not_found`. Results are kept for a limited time (then `PENDING`)."""
        return games().task(task_id, bearer_token(required=False), language())
