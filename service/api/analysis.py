"""Analysis of a position, computed by a job on the ``analysis`` queue; the API never waits for it.

``POST`` queues the job for the match's current version, or an earlier ``version`` (202; bounded per account, see
:mod:`service.matches.analyses`); ``GET`` reads the stored result. While a match is in play only its
organizer may analyse it (a solver's help would be cheating); once it is over, any account may,
at any version.
"""

from __future__ import annotations

from typing import Annotated

import msgspec
from litestar import Controller, Response, get, post
from litestar.params import QueryParameter

from domain.errors import NotAllowed
from domain.match import OVER, MatchState
from domain.turning_points import TurningPoint
from service.accounts.accounts import Caller
from service.api.deps import actor_of, problems, require
from service.api.matches import MatchId
from service.api.schemas import AnalysisOut, AnalysisQueued
from service.http.problems import NotFound
from service.matches.visibility import organizes
from service.wiring import Services

Version = Annotated[int | None, QueryParameter(name="version", required=False, ge=1, le=2**53)]


def check_may_analyse(state: MatchState, caller: Caller | None) -> None:
    """Refuse the analysis of a match in play to anyone but its organizer."""
    if state.status not in OVER and not organizes(state.created_by, actor_of(caller)):
        raise NotAllowed("analysis_during_play", "Only the match's organizer may analyse it in play, so that no "
                                                 "player gets a solver's help; anyone may once it is over.")


class AnalysisController(Controller):
    path = "/matches/{match_id:str}/analysis"
    tags = ["analysis"]

    @post("/", operation_id="requestAnalysis", status_code=202, summary="Queue an analysis of the current (or an earlier) position",
          responses=problems(400, 401, 403, 404, 422))
    async def queue(self, match_id: MatchId, services: Services, caller: Caller | None,
                    version: Version = None) -> Response[AnalysisQueued]:
        """Needs a token. Each account may have ``ANALYSES_PER_ACCOUNT`` analyses queued or running
        at once (429 ``too_many_analyses`` past it) and ask for ``ANALYSIS_RATE_LIMIT`` an hour.
        ``version``: an earlier position than the current one (a replay's step: the position before
        a finished match's turning point, to see the best move there); 404 ``analysis_not_found``
        past the match's version."""
        account = require(caller, "read")  # analysing is reading (GETs check it as they resolve the caller)
        _, state = await services.matches.current(match_id)
        check_may_analyse(state, caller)
        version = version or state.version
        if version > state.version:
            raise NotFound("analysis_not_found", f"The match is only at version {state.version}.")
        status = await services.analyses.ask(match_id, version, account.id)
        return Response(AnalysisQueued(match_id=match_id, version=version, status=status), status_code=202,
                        headers={"Location": f"/matches/{match_id}/analysis?version={version}"})

    @get("/", operation_id="getAnalysis", summary="The analysis of a position (queued, done, undetermined or failed)",
         responses=problems(400, 401, 403, 404))
    async def show(self, match_id: MatchId, services: Services, caller: Caller | None,
                   version: Version = None) -> AnalysisOut:
        """``undetermined``: the solver did not finish within ``ANALYSIS_TIME_LIMIT_S``; ``failed``:
        it broke, or its job was lost (ask again)."""
        _, state = await services.matches.load(match_id)
        check_may_analyse(state, caller)
        version = version or state.version
        if version > state.version:
            raise NotFound("analysis_not_found", f"The match is only at version {state.version}.")
        stored = await services.analyses.stored(match_id, version)
        if stored is None:
            raise NotFound("analysis_not_found", f"No analysis was queued for version {version}; POST to queue one.")
        return AnalysisOut(match_id=match_id, version=version, status=stored["status"], result=stored.get("result"),
                           turning_point=msgspec.convert(stored.get("turning_point"), TurningPoint | None))
